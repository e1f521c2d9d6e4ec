import { useCallback, useState } from "react";
import { asApiError } from "./api";
import { saveFile } from "./save-file";
import { useApiErrorText } from "./use-api-error-text";
import { useSingleFlight } from "./use-single-flight";

/**
 * A file fetched with the caller's credentials (a plain link could not send a bearer token), then
 * saved under `name`: one download at a time, and the refusal's text in the reader's language.
 */
export function useFileDownload() {
  const errorText = useApiErrorText();
  const [pending, run] = useSingleFlight();
  const [error, setError] = useState<string | null>(null);
  const download = useCallback(
    (fetchFile: () => Promise<Blob>, name: string) =>
      run(async () => {
        setError(null);
        try {
          saveFile(await fetchFile(), name);
        } catch (failure) {
          setError(errorText(asApiError(failure)));
        }
      }),
    [run, errorText],
  );
  return { pending, error, download };
}
