import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_ROOM_URL_LENGTH } from "../../worker/room-access/authorize-connection";

describe("a room request with an overlong address", () => {
  for (const room of ["forum-room", "quiz-activity-room", "quiz-room"]) {
    it(`is refused before it reaches the ${room}, which could not keep it with the connection`, async () => {
      const padding = "x".repeat(MAX_ROOM_URL_LENGTH);
      const response = await SELF.fetch(`http://localhost/parties/${room}/1?role=screen&password=${padding}`, {
        headers: { Upgrade: "websocket" },
      });
      expect(response.status).toBe(400);
      expect(response.webSocket).toBeNull();
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("bad-request");
    });
  }
});
