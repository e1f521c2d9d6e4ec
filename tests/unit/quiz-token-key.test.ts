import { sign } from "hono/jwt";
import { describe, expect, it } from "vitest";
import { issueQuizToken, readQuizToken } from "../../worker/auth/quiz-tokens";
import { tokenKey } from "../../worker/auth/token-key";
import { issueToken, readToken } from "../../worker/auth/tokens";

const SECRET = "a-test-secret-of-some-length";
const NOW = Date.UTC(2026, 10, 26, 9);
const PLAYER = { playerId: "p-1", presentationId: 42, run: 2 };

describe("the Worker's tokens are signed with a key imported once per secret", () => {
  it("given the same secret twice, then the same key serves both, and another secret gets its own", async () => {
    const key = await tokenKey(SECRET);
    expect(await tokenKey(SECRET)).toBe(key);
    expect(await tokenKey(`${SECRET}-rotated`)).not.toBe(key);
  });

  it("given a quiz player's token, then it is byte for byte the one signed with the secret itself, and reads back", async () => {
    const token = await issueQuizToken(SECRET, PLAYER, NOW);
    const issuedAt = Math.floor(NOW / 1000);
    const withSecret = await sign(
      { kind: "quiz", sub: "p-1", pid: 42, run: 2, iat: issuedAt, exp: issuedAt + 24 * 60 * 60 },
      SECRET,
      "HS256",
    );
    expect(token).toBe(withSecret);
    const fresh = await issueQuizToken(SECRET, PLAYER);
    expect(await readQuizToken(SECRET, fresh)).toEqual(PLAYER);
  });

  it("given a token of another secret or a changed one, then it is refused as before", async () => {
    const session = await issueToken(SECRET, { userId: 7, eventId: 3, version: 1 });
    expect(await readToken(SECRET, session)).toEqual({ userId: 7, eventId: 3, version: 1 });
    await expect(readToken(`${SECRET}-other`, session)).rejects.toMatchObject({ code: "unauthorized" });
    const quiz = await issueQuizToken(`${SECRET}-other`, PLAYER);
    await expect(readQuizToken(SECRET, quiz)).rejects.toMatchObject({ code: "unauthorized" });
    const [header, payload, signature = ""] = (await issueQuizToken(SECRET, PLAYER)).split(".");
    const changed = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    await expect(readQuizToken(SECRET, `${header}.${payload}.${changed}`)).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("given a token issued before reruns existed (no run), then it is a player of the first run", async () => {
    const issuedAt = Math.floor(Date.now() / 1000);
    const old = await sign({ kind: "quiz", sub: "p-1", pid: 42, iat: issuedAt, exp: issuedAt + 60 }, SECRET, "HS256");
    expect(await readQuizToken(SECRET, old)).toEqual({ playerId: "p-1", presentationId: 42, run: 1 });
  });
});
