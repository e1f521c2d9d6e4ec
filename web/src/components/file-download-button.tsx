import { useFileDownload } from "../lib/use-file-download";
import styles from "./file-download-button.module.css";
import { DownloadIcon } from "./icons";

/**
 * A file the caller's session fetches, then saves as `fileName` (a CSV export): one download at
 * a time, and the refusal said under the button in the reader's language.
 */
export function FileDownloadButton({
  label,
  fileName,
  fetchFile,
  testId,
}: {
  label: string;
  fileName: string;
  fetchFile: () => Promise<Blob>;
  /** The button's; its error is `<testId>-error`. */
  testId: string;
}) {
  const { pending, error, download } = useFileDownload();
  return (
    <div className={styles.download}>
      <button
        type="button"
        className={styles.button}
        onClick={() => download(fetchFile, fileName)}
        disabled={pending}
        aria-busy={pending}
        data-testid={testId}
      >
        <DownloadIcon />
        {label}
      </button>
      {error ? (
        <p className={styles.error} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
