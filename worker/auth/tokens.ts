import { DomainError, ErrorCode } from "@core/errors";
import { sign, verify } from "hono/jwt";
import * as v from "valibot";
import { tokenKey } from "./token-key";

/** A session lasts a week; logout, password change and reset end it earlier (token version). */
export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

const Claims = v.object({
  sub: v.pipe(v.string(), v.regex(/^\d+$/)),
  /** The one event the token is valid for. */
  eid: v.number(),
  /** The user's token version when it was issued. */
  ver: v.number(),
  exp: v.number(),
});

interface TokenClaims {
  userId: number;
  eventId: number;
  version: number;
}

export async function issueToken(secret: string, claims: TokenClaims, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return sign(
    {
      sub: String(claims.userId),
      eid: claims.eventId,
      ver: claims.version,
      iat: issuedAt,
      exp: issuedAt + TOKEN_TTL_SECONDS,
    },
    await tokenKey(secret),
    "HS256",
  );
}

/** Checks signature, algorithm and expiry; any failure is a 401. */
export async function readToken(secret: string, token: string): Promise<TokenClaims> {
  try {
    const claims = v.parse(Claims, await verify(token, await tokenKey(secret), "HS256"));
    return { userId: Number(claims.sub), eventId: claims.eid, version: claims.ver };
  } catch {
    throw new DomainError(ErrorCode.Unauthorized);
  }
}
