import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { PresentationIcon, VideoCameraIcon } from "../../components/icons";
import { Notice } from "../../components/notice";
import { canRecord, closeStream, openCamera, openScreen } from "./media-capture";
import styles from "./recorder.module.css";
import { StreamPreview } from "./stream-preview";
import { type RecordedTake, type RunningRecording, startRecording } from "./two-stream-recording";

/** What the page does with a take: uploads it as a version of mode first (webcam + screen). */
export interface TakeSaver {
  /** Percent of the current upload, null when none runs. */
  percent: number | null;
  /** Uploads and saves the take; rejects with a message for the speaker. */
  save: (take: RecordedTake) => Promise<void>;
}

type Phase = "setup" | "recording" | "review" | "saving";

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Spec 1 §2 'record video': camera and screen previews, record, stop, review, retake, then the
 * take is uploaded with its progress and saved as a new version.
 */
export function RecorderPanel({ saver }: { saver: TakeSaver }) {
  const { t } = useTranslation("live");
  const [camera, setCamera] = useState<MediaStream | null>(null);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const [phase, setPhase] = useState<Phase>("setup");
  const [take, setTake] = useState<RecordedTake | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef<RunningRecording | null>(null);
  const streams = useRef<MediaStream[]>([]);

  // Camera and screen are given back when the speaker leaves the page.
  useEffect(() => () => streams.current.forEach(closeStream), []);

  const ask = async (open: () => Promise<MediaStream>, set: (stream: MediaStream) => void, refused: string) => {
    setProblem(null);
    try {
      const stream = await open();
      streams.current.push(stream);
      set(stream);
    } catch {
      setProblem(refused);
    }
  };

  const stop = useCallback(async () => {
    const current = running.current;
    running.current = null;
    if (!current) return;
    setTake(await current.stop());
    setPhase("review");
  }, []);

  useEffect(() => {
    if (phase !== "recording") return;
    const started = Date.now();
    const timer = window.setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 250);
    // Ending the share from the browser's own bar ends the take too.
    const track = screen?.getVideoTracks()[0];
    const onEnded = () => {
      setScreen(null);
      void stop();
    };
    track?.addEventListener("ended", onEnded);
    return () => {
      window.clearInterval(timer);
      track?.removeEventListener("ended", onEnded);
    };
  }, [phase, screen, stop]);

  if (!canRecord()) {
    return <Notice tone="danger">{t("recorder.unsupported")}</Notice>;
  }

  const start = () => {
    if (!camera || !screen) return;
    setElapsed(0);
    setTake(null);
    running.current = startRecording(camera, screen);
    setPhase("recording");
  };

  const save = async () => {
    if (!take) return;
    setProblem(null);
    setPhase("saving");
    try {
      await saver.save(take);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setPhase("review");
    }
  };

  const reviewing = phase === "review" || phase === "saving";
  return (
    <section className={styles.panel} aria-labelledby="recorder-title" data-testid="recorder">
      <h2 id="recorder-title" className={styles.title}>
        <VideoCameraIcon />
        {t("recorder.title")}
      </h2>
      <p className={styles.hint}>{t(reviewing ? "recorder.review.hint" : "recorder.hint")}</p>
      <div className={styles.previews}>
        <div>
          <StreamPreview
            stream={camera}
            file={reviewing ? take?.webcam : null}
            label={t("recorder.camera")}
            off={{ icon: <VideoCameraIcon />, text: t("recorder.camera.off") }}
            testId="recorder-camera"
          />
          {!camera && !reviewing ? (
            <Button
              variant="secondary"
              onPress={() => void ask(openCamera, setCamera, t("recorder.camera.refused"))}
              data-testid="recorder-camera-on"
            >
              {t("recorder.camera.on")}
            </Button>
          ) : null}
        </div>
        <div>
          <StreamPreview
            stream={screen}
            file={reviewing ? take?.screen : null}
            label={t("recorder.screen")}
            off={{ icon: <PresentationIcon />, text: t("recorder.screen.off") }}
            testId="recorder-screen"
          />
          {!screen && !reviewing ? (
            <Button
              variant="secondary"
              onPress={() => void ask(openScreen, setScreen, t("recorder.screen.refused"))}
              data-testid="recorder-screen-on"
            >
              {t("recorder.screen.on")}
            </Button>
          ) : null}
        </div>
      </div>
      {problem ? (
        <Notice tone="danger" testId="recorder-problem">
          {problem}
        </Notice>
      ) : null}
      <div className={styles.controls}>
        {phase === "setup" ? (
          <Button
            isDisabled={!camera || !screen}
            onPress={start}
            icon={<span className={styles.dot} aria-hidden="true" />}
            data-testid="recorder-start"
          >
            {t("recorder.start")}
          </Button>
        ) : null}
        {phase === "recording" ? (
          <>
            <span className={styles.live} role="timer" aria-live="off" data-testid="recorder-elapsed">
              <span className={styles.dot} aria-hidden="true" />
              {clock(elapsed)}
            </span>
            <Button variant="danger" onPress={() => void stop()} data-testid="recorder-stop">
              {t("recorder.stop")}
            </Button>
          </>
        ) : null}
        {phase === "review" ? (
          <>
            <Button variant="secondary" onPress={() => setPhase("setup")} data-testid="recorder-retake">
              {t("recorder.retake")}
            </Button>
            <Button onPress={() => void save()} data-testid="recorder-upload">
              {t("recorder.upload", { duration: clock(take?.seconds ?? 0) })}
            </Button>
          </>
        ) : null}
        {phase === "saving" ? (
          <div className={styles.progress} data-testid="recorder-progress">
            <progress max={100} value={saver.percent ?? 0} aria-label={t("recorder.uploading")} />
            <span>{t("recorder.uploading.percent", { percent: saver.percent ?? 0 })}</span>
          </div>
        ) : null}
      </div>
    </section>
  );
}
