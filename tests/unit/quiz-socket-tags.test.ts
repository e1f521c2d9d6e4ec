import { QUIZ_PLAYER_HEADER, QUIZ_ROLE_HEADER, QUIZ_RUN_HEADER } from "@core/protocol/quiz";
import { describe, expect, it } from "vitest";
import { identityFromTags, identityTags, requestIdentity } from "../../party/lib/quiz-socket-tags";

/** The tags partyserver accepts a socket with: its connection id first, then the room's. */
const acceptedTags = (request: Request) => ["connection-id", ...identityTags(requestIdentity(request))];

const upgrade = (headers: Record<string, string | undefined>) =>
  new Request("http://room/", {
    headers: Object.entries(headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value] as [string, string]],
    ),
  });

describe("the quiz room reads who a socket is from its tags", () => {
  it("given a player, a moderator and the big screen, then their tags give back who the Worker said they are", () => {
    for (const headers of [
      { [QUIZ_ROLE_HEADER]: "player", [QUIZ_PLAYER_HEADER]: "p-42", [QUIZ_RUN_HEADER]: "3" },
      { [QUIZ_ROLE_HEADER]: "player", [QUIZ_PLAYER_HEADER]: "p-42" },
      { [QUIZ_ROLE_HEADER]: "moderator" },
      { [QUIZ_ROLE_HEADER]: "screen" },
    ]) {
      const request = upgrade(headers);
      expect(identityFromTags(acceptedTags(request))).toEqual(requestIdentity(request));
    }
    const player = { [QUIZ_ROLE_HEADER]: "player", [QUIZ_PLAYER_HEADER]: "p-42" };
    expect(requestIdentity(upgrade({ ...player, [QUIZ_RUN_HEADER]: "3" }))).toEqual({
      role: "player",
      playerId: "p-42",
      run: 3,
    });
    // A socket the Worker let in before reruns existed said no run: it joined the first.
    expect(requestIdentity(upgrade(player))).toEqual({ role: "player", playerId: "p-42", run: 1 });
  });

  it("given a socket the Worker named no known role for, then it is nobody, whatever its tags", () => {
    for (const headers of [{}, { [QUIZ_ROLE_HEADER]: "admin" }, { [QUIZ_PLAYER_HEADER]: "p-1" }]) {
      const request = upgrade(headers);
      expect(requestIdentity(request)).toBeNull();
      expect(identityFromTags(acceptedTags(request))).toBeNull();
    }
  });
});
