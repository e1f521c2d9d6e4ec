import type { FieldIssue } from "@core/protocol/api-error";
import { type RefObject, useEffect } from "react";
import * as v from "valibot";

/**
 * Problem keys the core schemas carry (core/auth/schemas.ts) and the spec's confirmation check;
 * any other problem is "invalid". A form's namespace has a message for each.
 */
const KNOWN_PROBLEMS = ["required", "email", "error.atleast6", "password.dont-match"] as const;
export type FormProblem = (typeof KNOWN_PROBLEMS)[number] | "invalid";

const isKnown = (message: string): message is FormProblem => (KNOWN_PROBLEMS as readonly string[]).includes(message);

/** The first problem of each field of a failed parse, as an i18n key of the form's namespace. */
export function fieldProblems<Field extends string>(
  issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]],
): Partial<Record<Field, FormProblem>> {
  const problems: Partial<Record<Field, FormProblem>> = {};
  for (const [field, messages] of Object.entries(v.flatten(issues).nested ?? {})) {
    const message = (messages as string[] | undefined)?.[0];
    if (message !== undefined) problems[field as Field] = isKnown(message) ? message : "invalid";
  }
  return problems;
}

/** After a refused submit, the first field with a problem takes the focus, so its message is read out. */
export function useFocusFirstProblem(form: RefObject<HTMLFormElement | null>, problems: object) {
  useEffect(() => {
    if (Object.keys(problems).length === 0) return;
    form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [form, problems]);
}

/**
 * The refused fields of the request body a refusal names, as dot paths within the body
 * (`questions.2.question`), the paths the same core schema gives when the web checks it first.
 */
export function bodyIssues(issues: readonly FieldIssue[]): FieldIssue[] {
  return issues.flatMap(({ path, message }) =>
    path.startsWith("body.") ? [{ path: path.slice("body.".length), message }] : [],
  );
}
