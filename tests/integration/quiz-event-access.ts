import { expect } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import type { CallResult } from "./account-client";
import { importOk } from "./admin-client";

/** The password of the protected events these tests import. */
export const EVENT_PASSWORD = "salon2026";

/** `path` with the event's password in its query; unchanged when there is none. */
export function withPassword(path: string, password: string | undefined): string {
  if (password === undefined) return path;
  return `${path}${path.includes("?") ? "&" : "?"}password=${encodeURIComponent(password)}`;
}

const refusal = (response: CallResult) => ({ status: response.status, code: response.body?.error?.code });

/**
 * A quiz call of a protected event, signed in or not: refused without the event's password
 * (401 error.prompt-password) and with a wrong one (403 error.invalid-password), then answered
 * `expected` with it. The refused calls come first, so a success proves they changed nothing
 * the call itself would refuse twice (an answer, a save).
 */
export async function expectBehindPassword(
  send: (password: string | undefined) => Promise<CallResult>,
  expected: number,
): Promise<CallResult> {
  expect(refusal(await send(undefined))).toEqual({ status: 401, code: "error.prompt-password" });
  expect(refusal(await send("not-the-password"))).toEqual({ status: 403, code: "error.invalid-password" });
  const right = await send(EVENT_PASSWORD);
  expect(right.status).toBe(expected);
  return right;
}

/** Refused because the event has its quiz switched off. */
export function expectQuizOff(response: CallResult) {
  expect(refusal(response)).toEqual({ status: 403, code: "quiz-off" });
}

/** Switches an imported event's quiz on or off, as a new import of its schedule does. */
export async function switchQuiz(slug: string, on: boolean) {
  await importOk(slug, { ...frab, engagement: { quiz: on } });
}
