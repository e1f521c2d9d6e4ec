import { open, stat } from "node:fs/promises";
import { basename } from "node:path";

/** tus `Upload-Metadata`: comma-separated `key base64(value)` pairs. */
const metadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/**
 * Uploads a file through the tus 1.0 routes (docs/uploads.md) as the bearer of `token`: creation,
 * then one PATCH per part of the size the server announces. Answers the upload's id.
 */
export async function tusUpload(
  baseUrl: string,
  token: string,
  file: string,
  meta: { kind: "video" | "slides"; presentationId: number },
): Promise<string> {
  const length = (await stat(file)).size;
  const created = await fetch(`${baseUrl}/api/uploads`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "tus-resumable": "1.0.0",
      "upload-length": String(length),
      "upload-metadata": metadata({
        kind: meta.kind,
        filename: basename(file),
        presentationId: String(meta.presentationId),
      }),
    },
  });
  const location = created.headers.get("location");
  const partSize = Number(created.headers.get("upload-part-size"));
  if (created.status !== 201 || !location || !(partSize > 0)) {
    throw new Error(`tus creation of ${basename(file)}: ${created.status} ${await created.text()}`);
  }
  const handle = await open(file, "r");
  try {
    for (let offset = 0; offset < length; offset += partSize) {
      const part = Buffer.alloc(Math.min(partSize, length - offset));
      await handle.read(part, 0, part.length, offset);
      const patched = await fetch(new URL(location, baseUrl), {
        method: "PATCH",
        headers: {
          authorization: `Bearer ${token}`,
          "tus-resumable": "1.0.0",
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
        },
        body: part,
      });
      if (patched.status !== 204)
        throw new Error(`tus PATCH of ${basename(file)}: ${patched.status} ${await patched.text()}`);
    }
  } finally {
    await handle.close();
  }
  return location.split("/").pop() as string;
}
