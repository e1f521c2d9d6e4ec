import { DetailedError, Upload } from "tus-js-client";
import { ApiError, apiHeaders, toApiError } from "./api";

/**
 * What an upload is for (docs/uploads.md): the server checks the file's content and size against
 * it, and who may send it (a version's `video` and `slides`: the talk's speaker; a `quiz-video`:
 * the talk's quiz managers).
 */
export type UploadKind = "video" | "slides" | "quiz-video";

const endpoint = () => `${window.location.origin}/api/uploads`;

/** Waits after a failed chunk before trying again: a lost connection gets about a minute to come back. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

let partSize: Promise<number> | null = null;

/**
 * The server's part size (`Upload-Part-Size` of `OPTIONS /api/uploads`): every chunk but the last
 * must be exactly that long, since each is one R2 multipart part. Asked once per page.
 */
function serverPartSize(): Promise<number> {
  partSize ??= fetch(endpoint(), { method: "OPTIONS", headers: { "tus-resumable": "1.0.0" } }).then((response) => {
    const size = Number(response.headers.get("upload-part-size"));
    if (!Number.isSafeInteger(size) || size <= 0) {
      partSize = null;
      throw new ApiError(response.status, "network", "no Upload-Part-Size from the server");
    }
    return size;
  });
  return partSize;
}

/** A tus failure as our ApiError: the server's refusal keeps its code, anything else is a network failure. */
async function asUploadError(error: Error): Promise<ApiError> {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new ApiError(0, "network", error.message);
  return toApiError(new Response(response.getBody() || null, { status: response.getStatus() }));
}

export interface StartedUpload {
  /** Resolves to the upload's id once every byte is stored; rejects with an ApiError. */
  done: Promise<string>;
  /** Stops sending and deletes what the server holds (tus termination). */
  cancel: () => Promise<void>;
}

/**
 * Sends `file` to the server's tus endpoint in parts of the server's size; a lost connection is
 * retried for about a minute. With a `userId`, the address of a started upload is kept in local
 * storage under a fingerprint of the file, its kind, talk and uploader, so choosing the same file
 * again after a reload (or a browser restart) resumes where it stopped; without one every upload
 * starts afresh (a question video is 50 MB at most). `password` is the event's, which a quiz
 * manager gives for a `quiz-video` of a protected event.
 */
export function startUpload({
  file,
  kind,
  presentationId,
  token,
  userId,
  password,
  onProgress,
}: {
  file: File;
  kind: UploadKind;
  presentationId: number;
  token: string;
  userId?: number;
  password?: string | null;
  onProgress: (sentBytes: number) => void;
}): StartedUpload {
  const resumable = userId !== undefined;
  let upload: Upload | null = null;
  let cancelled = false;
  let stop: (reason: unknown) => void = () => undefined;
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
  });
  const sent = serverPartSize().then(
    (chunkSize) =>
      new Promise<string>((resolve, reject) => {
        const current = new Upload(file, {
          endpoint: endpoint(),
          chunkSize,
          retryDelays: RETRY_DELAYS_MS,
          headers: apiHeaders(token),
          metadata: {
            kind,
            filename: file.name,
            presentationId: String(presentationId),
            ...(password ? { password } : {}),
          },
          // The key of resumable uploads stored before question videos used this path too: unchanged.
          fingerprint: async (chosen) =>
            ["versions", userId, presentationId, kind, chosen.name, chosen.size, chosen.lastModified].join(":"),
          storeFingerprintForResuming: resumable,
          removeFingerprintOnSuccess: true,
          onProgress: (sent) => onProgress(sent),
          onSuccess: () => {
            const id = current.url?.split("/").pop();
            if (id) resolve(decodeURIComponent(id));
            else reject(new ApiError(0, "network", "the upload has no address"));
          },
          onError: (error) => void asUploadError(error).then(reject),
        });
        upload = current;
        if (cancelled) return;
        if (!resumable) {
          current.start();
          return;
        }
        void current.findPreviousUploads().then((previous) => {
          const last = previous[0];
          if (last) current.resumeFromPreviousUpload(last);
          if (!cancelled) current.start();
        });
      }),
  );
  return {
    done: Promise.race([sent, stopped]),
    cancel: async () => {
      cancelled = true;
      stop(new DOMException("cancelled", "AbortError"));
      await upload?.abort(true).catch(() => undefined);
    },
  };
}

/** Deletes a finished upload that nothing took (the speaker cancelled before saving). */
export async function deleteUpload(uploadId: string, token: string): Promise<void> {
  await Upload.terminate(`${endpoint()}/${encodeURIComponent(uploadId)}`, { headers: apiHeaders(token) }).catch(
    () => undefined,
  );
}
