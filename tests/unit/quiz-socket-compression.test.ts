import { describe, expect, it } from "vitest";
import { upgradeHeaders } from "../../party/lib/quiz-socket-compression";

describe("the quiz room's answer to a socket's upgrade", () => {
  it("given a player, then it names no compression the runtime can agree to, so the player's frames go plain", () => {
    const headers = upgradeHeaders({ role: "player", playerId: "p-1" });
    const value = headers["Sec-WebSocket-Extensions"];
    // Not empty (the runtime reads an empty value as none given, and compresses), and no permessage-deflate.
    expect(value).toBeTruthy();
    expect(value).not.toContain("permessage-deflate");
  });

  it("given the moderator, the big screen or nobody, then it adds nothing: the runtime negotiates as the client offers", () => {
    expect(upgradeHeaders({ role: "moderator" })).toEqual({});
    expect(upgradeHeaders({ role: "screen" })).toEqual({});
    expect(upgradeHeaders(null)).toEqual({});
  });
});
