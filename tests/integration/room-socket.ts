import { SELF } from "cloudflare:test";
import type { ChangeFeedServerMessage } from "@core/protocol/change-feed";

/** A WebSocket opened through the Worker, with its messages queued for the test to await. */
export async function openRoomSocket<Message = ChangeFeedServerMessage>(path: string) {
  const response = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  const socket = response.webSocket;
  if (!socket) throw new Error(`No WebSocket upgrade for ${path} (status ${response.status})`);
  socket.accept();
  const queue: Message[] = [];
  const waiters: (() => void)[] = [];
  socket.addEventListener("message", (event) => {
    queue.push(JSON.parse(event.data as string) as Message);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    async next(timeoutMs = 10_000): Promise<Message> {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (Date.now() > deadline) throw new Error("no message within the timeout");
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return queue.shift() as Message;
    },
    send: (message: string) => socket.send(message),
    close: () => socket.close(1000, "done"),
  };
}
