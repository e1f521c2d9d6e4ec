import { SELF } from "cloudflare:test";
import { call } from "./account-client";

/** A moderator's command to the quiz room over HTTP, as tools do. */
export async function roomCommand(moderator: string, presentationId: number, action: string) {
  const response = await SELF.fetch(`http://localhost/parties/quiz-room/${presentationId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${moderator}`, "content-type": "application/json" },
    body: JSON.stringify({ action }),
  });
  if (response.status !== 200) throw new Error(`${action}: ${response.status} ${await response.text()}`);
}

/** A nickname joins the presentation's live quiz with its code; answers its quiz token. */
export async function joinLiveQuiz(moderator: string, presentationId: number, name: string): Promise<string> {
  const code = await call("POST", "/api/quiz/get-code", { token: moderator, body: { _id: presentationId } });
  const joined = await call("POST", "/api/quiz/login", {
    body: { code: code.body.code, name, deviceId: `device-${name}-${presentationId}` },
  });
  if (joined.status !== 201) throw new Error(`join ${joined.status} ${JSON.stringify(joined.body)}`);
  return joined.body.token;
}

export async function answerLive(playerToken: string, presentationId: number, questionId: number, optionIds: number[]) {
  const answered = await call("POST", "/api/quiz/submit-answer", {
    token: playerToken,
    body: { presentationId, questionId, optionIds },
  });
  if (answered.status !== 200) throw new Error(`answer ${answered.status} ${JSON.stringify(answered.body)}`);
}

/** The room writes its projections without waiting: poll until `check` holds. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
