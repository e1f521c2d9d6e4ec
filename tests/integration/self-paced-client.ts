import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { withPassword } from "./quiz-event-access";

/**
 * An imported event with a moderator and an attendee, and its presentations' ids; `password`
 * protects it.
 */
export async function quizEvent(slug: string, password?: string) {
  await importOk(slug, password === undefined ? frab : { ...frab, engagement: { password } });
  const schedule = await getJson(withPassword(`/api/public/schedule/${slug}`, password));
  const presentations = schedule.body.data.presentations as { _id: number }[];
  const email = `mod-${slug}@example.org`;
  await addMember(slug, { email, name: "Moderator", password: "secret-pass", isModerator: true });
  const login = await call("POST", `/api/event-engagement/${slug}/user-login`, {
    body: { email, password: "secret-pass" },
  });
  return {
    presentationIds: presentations.map((presentation) => presentation._id),
    moderator: login.body.data.token as string,
    attendee: (await signUpAndLogIn(slug, `attendee-${slug}@example.org`)).token,
    /** Another attendee of the same event. */
    newAttendee: async (name: string) => signUpAndLogIn(slug, `${name}-${slug}@example.org`),
  };
}

interface QuestionSpec {
  question: string;
  options: [string, boolean][];
  is_survey?: boolean;
  visible?: boolean;
}

/** The usual scored question: "Capital?", Paris correct, Lyon not. */
export const CAPITAL_QUESTION: QuestionSpec = {
  question: "Capital?",
  options: [
    ["Paris", true],
    ["Lyon", false],
  ],
};

/**
 * Saves the questions with the question editor's call (with the event's `password` when it is
 * protected); answers them with their option ids.
 */
export async function putQuestions(
  moderator: string,
  presentationId: number,
  questions: QuestionSpec[],
  password?: string,
) {
  const saved = await call("PUT", withPassword(`/api/quiz/${presentationId}/questions`, password), {
    token: moderator,
    body: {
      questions: questions.map(({ options, ...question }) => ({
        ...question,
        options: options.map(([option, correct]) => ({ option, correct })),
      })),
    },
  });
  if (saved.status !== 200) throw new Error(`questions ${saved.status} ${JSON.stringify(saved.body)}`);
  return saved.body.data.questions as { id: number; visible: boolean; options: { id: number; correct: boolean }[] }[];
}

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * Sets the quiz live or self-paced with windows relative to now, in minutes: `[-5, 5]` is open,
 * `[5, 10]` not yet, `[-10, -5]` over.
 */
export async function setQuizWindows(
  moderator: string,
  presentationId: number,
  windows: { live?: boolean; timer?: number; questions: [number, number]; results: [number, number] },
  password?: string,
) {
  const saved = await call("PUT", withPassword(`/api/quiz/${presentationId}/settings`, password), {
    token: moderator,
    body: {
      live: windows.live ?? false,
      timer: windows.timer ?? 30,
      questions_from_time: inMinutes(windows.questions[0]),
      questions_to_time: inMinutes(windows.questions[1]),
      results_from_time: inMinutes(windows.results[0]),
      results_to_time: inMinutes(windows.results[1]),
    },
  });
  if (saved.status !== 200) throw new Error(`settings ${saved.status} ${JSON.stringify(saved.body)}`);
}

export const OPEN: [number, number] = [-5, 5];
export const LATER: [number, number] = [5, 10];

export const answer = (token: string | undefined, presentationId: number, body: unknown, password?: string) =>
  call("POST", withPassword(`/api/quiz/${presentationId}/answers`, password), { token, body, locale: "en" });

export const selfPaced = (token: string | undefined, presentationId: number, password?: string) =>
  call("GET", withPassword(`/api/quiz/${presentationId}/self-paced`, password), { token });
