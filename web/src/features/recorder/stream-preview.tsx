import { useEffect, useRef } from "react";
import styles from "./recorder.module.css";

/** A live stream or a recorded file, shown muted while live (no echo of the speaker's own voice). */
export function StreamPreview({
  stream,
  file,
  label,
  testId,
}: {
  stream?: MediaStream | null;
  file?: File | null;
  label: string;
  testId: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (file) {
      const url = URL.createObjectURL(file);
      element.srcObject = null;
      element.src = url;
      return () => URL.revokeObjectURL(url);
    }
    element.removeAttribute("src");
    element.srcObject = stream ?? null;
  }, [stream, file]);

  return (
    <figure className={styles.preview}>
      <video
        ref={video}
        className={styles.video}
        autoPlay={!file}
        muted={!file}
        playsInline
        controls={Boolean(file)}
        aria-label={label}
        data-testid={testId}
      />
      <figcaption className={styles.caption}>{label}</figcaption>
    </figure>
  );
}
