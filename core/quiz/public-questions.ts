/**
 * A question of a live quiz as players and the big screen read it
 * (`GET /api/quiz/{presentationId}/questions/public`): the quiz room holds only ids, this gives
 * the words. Never the correct options: the moderator has them in the room's state.
 */
export interface PublicQuizQuestion {
  id: number;
  question: string;
  /** The question's picture when its active medium is the image. */
  image: string | null;
  /** The question's video (`/api/files/…`, which serves ranges) when its active medium is the video. */
  video: string | null;
  order: number;
  is_survey: boolean;
  /** How many options a player picks: the number of correct options, 1 for a survey. */
  answer_count: number;
  /** In display order (a, b, c…). */
  options: { id: number; option: string; order: number }[];
}

/** A question as the question editor stores it, with its options in order. */
export interface StoredQuizQuestion {
  id: number;
  question: string;
  image: string | null;
  /** The video's key in the files store. */
  video_key: string | null;
  active_media: string;
  is_survey: boolean;
  visible: boolean;
  order: number;
  options: { id: number; option: string; correct: boolean; order: number }[];
}

/** The visible questions, in their order, without what would give the answers away. */
export function publicQuizQuestions(questions: StoredQuizQuestion[]): PublicQuizQuestion[] {
  return questions
    .filter((question) => question.visible)
    .map((question) => ({
      id: question.id,
      question: question.question,
      image: question.active_media === "image" ? question.image : null,
      video: question.active_media === "video" && question.video_key ? `/api/files/${question.video_key}` : null,
      order: question.order,
      is_survey: question.is_survey,
      answer_count: question.is_survey ? 1 : Math.max(1, question.options.filter((option) => option.correct).length),
      options: question.options.map(({ id, option, order }) => ({ id, option, order })),
    }));
}
