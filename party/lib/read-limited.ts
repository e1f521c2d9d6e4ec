import { readBodyWithin } from "../../worker/unread-body";

/** The body as text, or null once it is longer than `limit` bytes (its rest read and dropped). */
export async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const bytes = await readBodyWithin(request.body, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}
