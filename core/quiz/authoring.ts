/**
 * What a moderator edits: the questions of a presentation's quiz (live quiz spec §3, §5).
 * Shared by the API, which enforces it, and the question editor, which shows the messages.
 */
import * as v from "valibot";
import { toMultiLineText, toSingleLineText } from "../text/plain-text";

export const MAX_QUESTIONS = 50;
export const MAX_OPTIONS = 10;
/** Question videos: at most 50 MB (5e7 bytes). */
export const MAX_QUESTION_VIDEO_BYTES = 50_000_000;
export const QUESTION_IMAGE_SIZE = { width: 500, height: 400 } as const;

/**
 * Control and bidi characters go first (they could reorder or hide text on the big screen), so a
 * text made only of them is refused as empty. A question may span lines; an option is one line.
 */
const QuestionText = (max: number) =>
  v.pipe(v.string(), toMultiLineText, v.trim(), v.nonEmpty("required"), v.maxLength(max));
const OptionText = (max: number) =>
  v.pipe(v.string(), toSingleLineText, v.trim(), v.nonEmpty("required"), v.maxLength(max));
const OptionalId = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)));

export const OptionInput = v.object({ id: OptionalId, option: OptionText(200), correct: v.boolean() });

export const QuestionInput = v.pipe(
  v.object({
    id: OptionalId,
    question: QuestionText(500),
    image: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500))), null),
    video_key: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500))), null),
    /** Only one medium shows: the image, the video, or none. */
    active_media: v.optional(v.picklist(["image", "video", ""]), ""),
    is_survey: v.optional(v.boolean(), false),
    visible: v.optional(v.boolean(), true),
    options: v.pipe(v.array(OptionInput), v.minLength(1, "at least one option"), v.maxLength(MAX_OPTIONS)),
  }),
  v.check((q) => q.active_media !== "image" || Boolean(q.image), "an active image needs an image"),
  v.check((q) => q.active_media !== "video" || Boolean(q.video_key), "an active video needs a video"),
  v.check((q) => q.is_survey || q.options.some((option) => option.correct), "a quiz question needs a correct option"),
);
export type QuestionInput = v.InferOutput<typeof QuestionInput>;

export const QuestionsInput = v.object({ questions: v.pipe(v.array(QuestionInput), v.maxLength(MAX_QUESTIONS)) });
