import { ApiError, apiHeaders, toApiError } from "./api";

export interface UploadRequest {
  method: "PUT" | "POST";
  path: string;
  query?: Record<string, string | number>;
  body: Blob;
  token: string;
  /** Bytes of `body` sent so far; called as the browser sends them. */
  onProgress?: (sentBytes: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file to our API with upload progress, which `fetch` cannot report: resolves to the
 * parsed JSON answer, or rejects with an ApiError like `apiRequest` (the abort reason when
 * `signal` aborts). Never retried: a part sent twice is the server's to refuse.
 */
export function uploadRequest({
  method,
  path,
  query,
  body,
  token,
  onProgress,
  signal,
}: UploadRequest): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const params = new URLSearchParams(Object.entries(query ?? {}).map(([key, value]) => [key, String(value)]));
    const xhr = new XMLHttpRequest();
    xhr.open(method, params.size > 0 ? `${path}?${params}` : path);
    for (const [name, value] of Object.entries(apiHeaders(token))) xhr.setRequestHeader(name, value);
    if (body.type) xhr.setRequestHeader("content-type", body.type);
    xhr.upload.onprogress = (progress) => onProgress?.(progress.loaded);
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => signal?.removeEventListener("abort", onAbort);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          reject(new ApiError(xhr.status, "network", "unreadable response body"));
        }
        return;
      }
      const refusal = new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText });
      void toApiError(refusal).then(reject);
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, "network", "upload failed"));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException("aborted", "AbortError"));
    };
    xhr.send(body);
  });
}
