/**
 * A new versionId: the spec's hash of the current Unix time (ms), with a random salt so two
 * versions created in the same millisecond differ; hex SHA-256, 64 characters.
 */
export async function newVersionId(now = Date.now()): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const bytes = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${now}:${salt.join(",")}`)),
  );
  return [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
