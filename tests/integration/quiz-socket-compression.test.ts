import { SELF } from "cloudflare:test";
import type { QuizServerMessage } from "@core/protocol/quiz";
import { beforeAll, describe, expect, it } from "vitest";
import { eventually, joinLiveQuiz } from "./live-quiz-client";
import { CAPITAL_QUESTION, putQuestions, quizEvent } from "./self-paced-client";

let event: Awaited<ReturnType<typeof quizEvent>>;
let id: number;

beforeAll(async () => {
  event = await quizEvent("quiz-socket-compression");
  id = event.presentationIds[0] as number;
  await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
});

/** A socket opened as a browser does: it offers permessage-deflate. */
async function openSocket(query: string) {
  const response = await SELF.fetch(`http://localhost/parties/quiz-room/${id}?${query}`, {
    headers: { Upgrade: "websocket", "Sec-WebSocket-Extensions": "permessage-deflate; client_max_window_bits" },
  });
  const socket = response.webSocket;
  if (response.status !== 101 || !socket) throw new Error(`no socket: ${response.status}`);
  socket.accept();
  const received: QuizServerMessage[] = [];
  socket.addEventListener("message", (message) => received.push(JSON.parse(message.data as string)));
  return { extensions: response.headers.get("Sec-WebSocket-Extensions"), received, socket };
}

describe("which quiz sockets are compressed", () => {
  it("a player's socket is answered without compression, whatever the browser offers, and works as before", async () => {
    const token = await joinLiveQuiz(event.moderator, id, "Ana");
    const player = await openSocket(`role=player&token=${token}`);
    expect(player.extensions).toBe("none");
    await eventually(
      async () => player.received,
      (messages) => messages.some((message) => message.type === "player_view" && message.view.joined),
    );
    player.socket.close(1000, "done");
  });

  it("the moderator's socket keeps the compression the browser offers", async () => {
    const moderator = await openSocket(`role=moderator&token=${event.moderator}`);
    expect(moderator.extensions).not.toBe("none");
    await eventually(
      async () => moderator.received,
      (messages) => messages.some((message) => message.type === "snapshot"),
    );
    moderator.socket.close(1000, "done");
  });
});
