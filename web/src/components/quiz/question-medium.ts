/** What a question may show beside its text (spec §3: only its active medium shows). */
export interface QuestionMediaFields {
  image: string | null;
  video: string | null;
  /** `image`, `video` or empty; absent where the server already left out the inactive medium. */
  active_media?: string;
}

type QuestionMedium = { kind: "image"; src: string } | { kind: "video"; src: string } | null;

/** The one medium a question shows: its active image or video, or none. */
export function questionMedium(question: QuestionMediaFields): QuestionMedium {
  const active = question.active_media ?? (question.video ? "video" : "image");
  if (active === "video" && question.video) return { kind: "video", src: question.video };
  if (active === "image" && question.image) return { kind: "image", src: question.image };
  return null;
}
