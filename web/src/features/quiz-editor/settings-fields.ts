import type { FieldIssue } from "@core/protocol/api-error";
import { DEFAULT_TIMER_SECONDS, QuizSettingsInput } from "@core/quiz/settings";
import * as v from "valibot";
import { bodyIssues } from "../../lib/form-problems";
import { fromEventLocalInput, toEventLocalInput } from "./event-local-time";

/** The settings as `GET`/`PUT /api/quiz/:id/settings` answer them (times as ISO instants). */
interface QuizSettingsView {
  live: boolean;
  timer: number;
  questions_from_time: string;
  questions_to_time: string;
  results_from_time: string;
  results_to_time: string;
}

export type QuizSettingsBody = v.InferInput<typeof QuizSettingsInput>;

const TIME_FIELDS = ["questions_from_time", "questions_to_time", "results_from_time", "results_to_time"] as const;
type TimeField = (typeof TIME_FIELDS)[number];

/** What the sidebar's inputs hold: times on the event's wall clock, the timer as typed. */
export type SettingsFields = { live: boolean; timer: string } & Record<TimeField, string>;
export type SettingsField = keyof SettingsFields;

/** Keys of the quiz-editor namespace; the two order messages are the spec's (§5). */
type SettingsProblem =
  | "settings.problem.time-required"
  | "settings.problem.questions-order"
  | "settings.problem.results-order"
  | "settings.problem.timer-required"
  | "settings.problem.timer-range";

export type SettingsProblems = Partial<Record<SettingsField, SettingsProblem>>;

export function settingsFields(view: QuizSettingsView, timeZone: string): SettingsFields {
  return {
    live: view.live,
    timer: String(view.timer),
    questions_from_time: toEventLocalInput(view.questions_from_time, timeZone),
    questions_to_time: toEventLocalInput(view.questions_to_time, timeZone),
    results_from_time: toEventLocalInput(view.results_from_time, timeZone),
    results_to_time: toEventLocalInput(view.results_to_time, timeZone),
  };
}

const ORDER_MESSAGES: Record<string, SettingsProblem> = {
  "Questions To time, should be greater than Questions From time": "settings.problem.questions-order",
  "Results To time, should be greater than Results From time": "settings.problem.results-order",
};

const isSettingsField = (path: string): path is SettingsField =>
  path === "timer" || (TIME_FIELDS as readonly string[]).includes(path);

function problemOf(field: string, message: string): SettingsProblem | null {
  if (message in ORDER_MESSAGES) return ORDER_MESSAGES[message] ?? null;
  if ((TIME_FIELDS as readonly string[]).includes(field)) return "settings.problem.time-required";
  if (field === "timer")
    return message === "timer is a required number"
      ? "settings.problem.timer-required"
      : "settings.problem.timer-range";
  return null;
}

function problemsOf(issues: readonly v.BaseIssue<unknown>[]): SettingsProblems {
  const problems: SettingsProblems = {};
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? "";
    const problem = problemOf(field, issue.message);
    if (problem && isSettingsField(field)) problems[field] ??= problem;
  }
  return problems;
}

/** The body to send, or the problems under their fields: core's schema, the one the API applies. */
export function checkSettings(
  fields: SettingsFields,
  timeZone: string,
): { body: QuizSettingsBody; problems?: never } | { problems: SettingsProblems; body?: never } {
  const timer = fields.timer.trim();
  const body = {
    live: fields.live,
    // An empty field is no number at all: the spec's "timer is a required number".
    timer: timer === "" ? Number.NaN : Number(timer),
    ...Object.fromEntries(TIME_FIELDS.map((field) => [field, fromEventLocalInput(fields[field], timeZone) ?? ""])),
  } as QuizSettingsBody;
  const parsed = v.safeParse(QuizSettingsInput, body);
  if (parsed.success) return { body };
  const problems = problemsOf(parsed.issues);
  // A bad timer stops the schema before the windows' order is checked: check it with a valid one,
  // so every problem shows at once.
  if (problems.timer) {
    const windows = v.safeParse(QuizSettingsInput, { ...body, timer: DEFAULT_TIMER_SECONDS });
    if (!windows.success) Object.assign(problems, problemsOf(windows.issues), { timer: problems.timer });
  }
  return { problems };
}

/** The fields a refused save names in its issues (`body.questions_to_time`: `Questions To time, …`). */
export function settingsProblemsFromIssues(issues: readonly FieldIssue[]): SettingsProblems {
  const problems: SettingsProblems = {};
  for (const { path, message } of bodyIssues(issues)) {
    const problem = problemOf(path, message);
    if (problem && isSettingsField(path)) problems[path] ??= problem;
  }
  return problems;
}
