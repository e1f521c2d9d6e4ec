import { useCallback, useRef, useState } from "react";
import { deleteUpload, type StartedUpload, startUpload, type UploadKind } from "../../lib/tus-upload";

export interface UploadAccess {
  presentationId: number;
  token: string;
  userId: number;
}

interface Run {
  cancelled: boolean;
  current: StartedUpload | null;
  finished: string[];
}

/**
 * Uploads a version's files one after the other with one percent for them all, and cancels:
 * cancelling stops the current upload and deletes, on the server, every file this run stored.
 */
export function useUploadRun(access: UploadAccess) {
  const [percent, setPercent] = useState<number | null>(null);
  const run = useRef<Run | null>(null);

  /** Resolves to the upload ids, in the order of `files`; rejects with an AbortError when cancelled. */
  const upload = useCallback(
    async (files: { file: File; kind: UploadKind }[]): Promise<string[]> => {
      const current: Run = { cancelled: false, current: null, finished: [] };
      run.current = current;
      const total = Math.max(
        1,
        files.reduce((sum, { file }) => sum + file.size, 0),
      );
      let before = 0;
      setPercent(0);
      for (const { file, kind } of files) {
        if (current.cancelled) break;
        const started = startUpload({
          file,
          kind,
          ...access,
          onProgress: (sent) => setPercent(Math.floor(((before + sent) / total) * 100)),
        });
        current.current = started;
        current.finished.push(await started.done);
        before += file.size;
      }
      if (current.cancelled) throw new DOMException("cancelled", "AbortError");
      setPercent(100);
      return current.finished;
    },
    [access],
  );

  const cancel = useCallback(async () => {
    const current = run.current;
    run.current = null;
    setPercent(null);
    if (!current) return;
    current.cancelled = true;
    await current.current?.cancel();
    await Promise.all(current.finished.map((uploadId) => deleteUpload(uploadId, access.token)));
  }, [access.token]);

  const reset = useCallback(() => {
    run.current = null;
    setPercent(null);
  }, []);

  return { percent, upload, cancel, reset };
}
