import type { FieldIssue } from "@core/protocol/api-error";
import { QuestionsInput } from "@core/quiz/authoring";
import * as v from "valibot";
import { bodyIssues } from "../../lib/form-problems";
import type { QuestionsBody } from "./editor-state";

/** Keys of the quiz-editor namespace that say what is wrong with a question. */
export type QuestionProblem =
  | "problem.question-required"
  | "problem.option-required"
  | "problem.options-count"
  | "problem.correct-required"
  | "problem.image-required"
  | "problem.video-required"
  | "problem.media-invalid"
  | "problem.invalid";

/** What is wrong with one question, by the part of its card that shows it. */
export interface QuestionProblems {
  question?: QuestionProblem;
  options?: QuestionProblem;
  /** By option index. */
  optionTexts?: Record<number, QuestionProblem>;
  media?: QuestionProblem;
  other?: QuestionProblem;
}

/** Problems by question index; empty when the list can be saved. */
export type ProblemsByQuestion = ReadonlyMap<number, QuestionProblems>;

/** The messages of core/quiz/authoring.ts's checks on a whole question. */
const WHOLE_QUESTION_CHECKS: Record<string, ["media" | "options", QuestionProblem]> = {
  "an active image needs an image": ["media", "problem.image-required"],
  "an active video needs a video": ["media", "problem.video-required"],
  "a quiz question needs a correct option": ["options", "problem.correct-required"],
};

/** One problem found at a dot path (`questions.2.options.0.option`) with the schema's message. */
function place(problems: Map<number, QuestionProblems>, path: string, message: string) {
  const [root, index, field, optionIndex, optionField] = path.split(".");
  if (root !== "questions" || index === undefined || !/^\d+$/.test(index)) return;
  const found = problems.get(Number(index)) ?? {};
  problems.set(Number(index), found);
  const required = message === "required";
  if (field === undefined) {
    const [part, problem] = WHOLE_QUESTION_CHECKS[message] ?? (["other", "problem.invalid"] as const);
    found[part] ??= problem;
  } else if (field === "question") {
    found.question ??= required ? "problem.question-required" : "problem.invalid";
  } else if (field === "options" && optionIndex !== undefined && optionField === "option") {
    found.optionTexts = {
      [Number(optionIndex)]: required ? "problem.option-required" : "problem.invalid",
      ...found.optionTexts,
    };
  } else if (field === "options") {
    found.options ??= "problem.options-count";
  } else if (field === "image" || field === "video_key" || field === "active_media") {
    found.media ??= "problem.media-invalid";
  } else {
    found.other ??= "problem.invalid";
  }
}

/** The problems the API would find in `body`, found before sending it (the same schema). */
export function checkQuestions(body: QuestionsBody): ProblemsByQuestion {
  const problems = new Map<number, QuestionProblems>();
  const parsed = v.safeParse(QuestionsInput, body);
  if (!parsed.success) for (const issue of parsed.issues) place(problems, v.getDotPath(issue) ?? "", issue.message);
  return problems;
}

/** The problems a refused save names in its issues (a question deleted meanwhile, a foreign file). */
export function problemsFromIssues(issues: readonly FieldIssue[]): ProblemsByQuestion {
  const problems = new Map<number, QuestionProblems>();
  for (const { path, message } of bodyIssues(issues)) place(problems, path, message);
  return problems;
}
