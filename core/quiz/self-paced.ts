/**
 * The self-paced quiz (live quiz spec §4, non-live view): outside live mode, each attendee answers
 * the visible questions one at a time, in order, within the questions window, and sees every
 * question with their answers once all are answered and the results window is open.
 * Scored with the live rule (scoring.ts); the answering time is measured by the server from the
 * moment it first served the question to that user, capped at the timer.
 */
import { DomainError, ErrorCode } from "../errors";
import type { QuizQuestion } from "./model";
import type { StoredQuizQuestion } from "./public-questions";

/** A visible question as stored, with the playable URL of its video (null without one). */
export interface SelfPacedSourceQuestion extends StoredQuizQuestion {
  video: string | null;
}

/** The user's stored answer to one question. */
export interface SelfPacedAnswer {
  questionId: number;
  optionIds: number[];
  correct: boolean;
  points: number;
}

/** What every view of a question shows: its words and its one active medium. */
export interface ShownQuestion {
  id: number;
  question: string;
  image: string | null;
  video: string | null;
  active_media: string;
  is_survey: boolean;
}

/** The question to answer now; never its correct options. */
export interface SelfPacedQuestion extends ShownQuestion {
  order: number;
  /** How many options to pick: the number of correct options, 0 for a survey. */
  correct_count: number;
  /** Answering time already spent since the server first served it (a reload does not reset it). */
  elapsed_ms: number;
  options: { id: number; option: string }[];
}

/** A question once results are open, with the user's own answer. */
export interface SelfPacedResult extends ShownQuestion {
  options: { id: number; option: string; correct: boolean }[];
  my_option_ids: number[];
  /** Null for a survey, which is neither right nor wrong. */
  correct: boolean | null;
  points: number;
}

/** `GET /api/quiz/{presentationId}/self-paced`. */
export interface SelfPacedView {
  live: boolean;
  /** Seconds per question. */
  timer: number;
  non_live_questions_active: boolean;
  non_live_results_active: boolean;
  /** Visible questions. */
  total: number;
  /** Visible questions this user answered. */
  answered: number;
  question: SelfPacedQuestion | null;
  results: SelfPacedResult[] | null;
}

/** `POST /api/quiz/{presentationId}/answers` → 201. */
export interface SelfPacedAnswerReceipt {
  correct: boolean | null;
  points: number;
  elapsed_ms: number;
}

/** Prefix of a self-paced player key; live players are `p<id>`. */
export const SELF_PACED_KEY_PREFIX = "user:";

/** The `quiz_answers.player_key` of a user answering self-paced. */
export const selfPacedPlayerKey = (userId: number) => `${SELF_PACED_KEY_PREFIX}${userId}`;

/** Only one medium shows (spec §5): the image or the video its active_media names. */
function shown(question: SelfPacedSourceQuestion): ShownQuestion {
  return {
    id: question.id,
    question: question.question,
    image: question.active_media === "image" ? question.image : null,
    video: question.active_media === "video" ? question.video : null,
    active_media: question.active_media,
    is_survey: question.is_survey,
  };
}

/** The first visible question, by order, that the user has not answered. */
export function nextUnanswered(
  questions: readonly SelfPacedSourceQuestion[],
  answers: readonly SelfPacedAnswer[],
): SelfPacedSourceQuestion | undefined {
  const answered = new Set(answers.map((answer) => answer.questionId));
  return questions.find((question) => !answered.has(question.id));
}

/**
 * Answering time from the moment the server first served the question, capped at the timer.
 * A question answered without ever being served is accepted but timed as the whole timer: the
 * answer still counts, and skipping `GET self-paced` can never buy speed points.
 */
export function selfPacedElapsedMs(shownAt: number | undefined, now: number, limitMs: number): number {
  if (shownAt === undefined) return limitMs;
  return Math.min(Math.max(now - shownAt, 0), limitMs);
}

/** The chosen options, refused unless at least one, each once, all of this question. */
export function checkedOptionIds(question: StoredQuizQuestion, optionIds: readonly number[]): number[] {
  const own = new Set(question.options.map((option) => option.id));
  const unique = new Set(optionIds);
  const valid =
    unique.size > 0 &&
    unique.size === optionIds.length &&
    unique.size <= own.size &&
    optionIds.every((id) => own.has(id));
  if (!valid) throw new DomainError(ErrorCode.InvalidOptions);
  return [...optionIds];
}

/** The question in the shape the live scoring rule reads. */
export function scoringQuestion(question: StoredQuizQuestion, timerSeconds: number): QuizQuestion {
  return {
    id: question.id,
    isSurvey: question.is_survey,
    optionIds: question.options.map((option) => option.id),
    correctOptionIds: question.is_survey
      ? []
      : question.options.filter((option) => option.correct).map((option) => option.id),
    limitMs: timerSeconds * 1000,
  };
}

function servedQuestion(question: SelfPacedSourceQuestion, elapsedMs: number): SelfPacedQuestion {
  return {
    ...shown(question),
    order: question.order,
    correct_count: question.is_survey ? 0 : question.options.filter((option) => option.correct).length,
    elapsed_ms: elapsedMs,
    options: question.options.map(({ id, option }) => ({ id, option })),
  };
}

function resultOf(question: SelfPacedSourceQuestion, answer: SelfPacedAnswer | undefined): SelfPacedResult {
  return {
    ...shown(question),
    options: question.options.map(({ id, option, correct }) => ({ id, option, correct })),
    my_option_ids: answer?.optionIds ?? [],
    correct: question.is_survey ? null : (answer?.correct ?? false),
    points: answer?.points ?? 0,
  };
}

/**
 * What one user sees of a self-paced quiz. `served` is the question the server just served and
 * when it first did (the caller records it); nothing of the quiz shows while it is live.
 */
export function selfPacedView(input: {
  live: boolean;
  timerSeconds: number;
  activity: { non_live_questions_active: boolean; non_live_results_active: boolean };
  questions: readonly SelfPacedSourceQuestion[];
  answers: readonly SelfPacedAnswer[];
  served: { question: SelfPacedSourceQuestion; shownAt: number } | null;
  now: number;
}): SelfPacedView {
  const { live, activity, questions, served } = input;
  const byQuestion = new Map(input.answers.map((answer) => [answer.questionId, answer]));
  const answered = questions.filter((question) => byQuestion.has(question.id)).length;
  const allAnswered = questions.length > 0 && answered === questions.length;
  const limitMs = input.timerSeconds * 1000;
  return {
    live,
    timer: input.timerSeconds,
    ...activity,
    total: questions.length,
    answered,
    question:
      !live && activity.non_live_questions_active && served
        ? servedQuestion(served.question, selfPacedElapsedMs(served.shownAt, input.now, limitMs))
        : null,
    results:
      !live && activity.non_live_results_active && allAnswered
        ? questions.map((question) => resultOf(question, byQuestion.get(question.id)))
        : null,
  };
}
