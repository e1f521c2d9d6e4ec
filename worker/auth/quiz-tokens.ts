import { DomainError, ErrorCode } from "@core/errors";
import { sign, verify } from "hono/jwt";
import * as v from "valibot";
import { tokenKey } from "./token-key";

/** A quiz player's token lasts the day of the event. */
const QUIZ_TOKEN_TTL_SECONDS = 24 * 60 * 60;

// Tokens issued before reruns existed name no run: they were the first.
// A relay is named only when the quiz is sharded (docs/scale.md): the player's socket goes there.
const Claims = v.object({
  kind: v.literal("quiz"),
  sub: v.string(),
  pid: v.number(),
  run: v.optional(v.number(), 1),
  relay: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

/**
 * A player of one run of a presentation's quiz. The run is part of who they are: a rerun starts
 * with no players, and the room refuses a token of an earlier run like an invalid one.
 */
export interface QuizPlayerClaims {
  playerId: string;
  presentationId: number;
  run: number;
  /** The relay room holding the player's socket, when the quiz is sharded. */
  relay?: number | undefined;
}

/** The token of a nickname in one run of one presentation's quiz (not an account). */
export async function issueQuizToken(secret: string, player: QuizPlayerClaims, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  return sign(
    {
      kind: "quiz",
      sub: player.playerId,
      pid: player.presentationId,
      run: player.run,
      ...(player.relay === undefined ? {} : { relay: player.relay }),
      iat: issuedAt,
      exp: issuedAt + QUIZ_TOKEN_TTL_SECONDS,
    },
    await tokenKey(secret),
    "HS256",
  );
}

export async function readQuizToken(secret: string, token: string): Promise<QuizPlayerClaims> {
  try {
    const claims = v.parse(Claims, await verify(token, await tokenKey(secret), "HS256"));
    return { playerId: claims.sub, presentationId: claims.pid, run: claims.run, relay: claims.relay };
  } catch {
    throw new DomainError(ErrorCode.Unauthorized);
  }
}
