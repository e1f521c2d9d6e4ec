import { ApiError, apiHeaders, toApiError } from "./api";

/**
 * A file read with the caller's bearer token, which a plain link could not send (a CSV export, a
 * members-only event's calendar file): its bytes, or the server's refusal as an ApiError (status
 * 0 `network` when the server cannot be reached or `timeoutMs` passed).
 */
export async function fetchFile(
  path: string,
  options: { token: string | null; accept: string; timeoutMs?: number },
): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { ...apiHeaders(options.token), accept: options.accept },
      signal: options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new ApiError(0, "network", String(error));
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}
