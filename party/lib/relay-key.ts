/**
 * The key a relay room shows the authority room when it opens its link (docs/scale.md, "Quiz:
 * sharding"): derived from the Worker's signing secret, so both rooms know it without another
 * setting, and never sent to a client (the Worker sets the role header of every request it
 * forwards, so no client request reaches the authority as a relay in the first place).
 */
const encoder = new TextEncoder();

export async function relayKey(secret: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const signature = await crypto.subtle.sign("HMAC", key, encoder.encode("quiz-relay"));
  return [...new Uint8Array(signature)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Whether `shown` is the relay key, compared in constant time. */
export async function isRelayKey(secret: string, shown: string | null): Promise<boolean> {
  if (!shown) return false;
  const expected = encoder.encode(await relayKey(secret));
  const given = encoder.encode(shown);
  if (given.byteLength !== expected.byteLength) return false;
  let difference = 0;
  for (let index = 0; index < expected.byteLength; index++) {
    difference |= (expected[index] as number) ^ (given[index] as number);
  }
  return difference === 0;
}
