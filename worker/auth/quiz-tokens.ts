import { DomainError, ErrorCode } from "@core/errors";
import { sign, verify } from "hono/jwt";
import * as v from "valibot";
import { tokenKey } from "./token-key";

/** A quiz player's token lasts the day of the event. */
const QUIZ_TOKEN_TTL_SECONDS = 24 * 60 * 60;

const Claims = v.object({ kind: v.literal("quiz"), sub: v.string(), pid: v.number() });

/** The token of a nickname in one presentation's quiz (not an account). */
export async function issueQuizToken(secret: string, playerId: string, presentationId: number, now = Date.now()) {
  const issuedAt = Math.floor(now / 1000);
  return sign(
    { kind: "quiz", sub: playerId, pid: presentationId, iat: issuedAt, exp: issuedAt + QUIZ_TOKEN_TTL_SECONDS },
    await tokenKey(secret),
    "HS256",
  );
}

export async function readQuizToken(
  secret: string,
  token: string,
): Promise<{ playerId: string; presentationId: number }> {
  try {
    const claims = v.parse(Claims, await verify(token, await tokenKey(secret), "HS256"));
    return { playerId: claims.sub, presentationId: claims.pid };
  } catch {
    throw new DomainError(ErrorCode.Unauthorized);
  }
}
