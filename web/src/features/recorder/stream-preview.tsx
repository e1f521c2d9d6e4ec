import { type ReactNode, useEffect, useRef } from "react";
import styles from "./recorder.module.css";

/**
 * A live stream or a recorded file, shown muted while live (no echo of the speaker's own voice).
 * With neither, the frame says what is off (as a video call's tile does), not a black box.
 */
export function StreamPreview({
  stream,
  file,
  label,
  off,
  testId,
}: {
  stream?: MediaStream | null;
  file?: File | null;
  label: string;
  off: { icon: ReactNode; text: string };
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
      <div className={styles.frame}>
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
        {!stream && !file ? (
          <p className={styles.off} data-testid={`${testId}-off`}>
            {off.icon}
            {off.text}
          </p>
        ) : null}
      </div>
      <figcaption className={styles.caption}>{label}</figcaption>
    </figure>
  );
}
