import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckCard } from "./check-card";
import { type Grade, THRESHOLDS } from "./check-grades";
import styles from "./device-test.module.css";
import { useMicrophoneLevel } from "./use-microphone-level";

/** Camera preview and microphone level meter: pass once a picture shows and a sound is heard. */
export function CameraCheck() {
  const { t } = useTranslation("live");
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [refused, setRefused] = useState(false);
  const [picture, setPicture] = useState(false);
  const { level, peak } = useMicrophoneLevel(stream);

  useEffect(() => {
    let current: MediaStream | null = null;
    let live = true;
    setRefused(false);
    setPicture(false);
    navigator.mediaDevices
      ?.getUserMedia({ video: true, audio: true })
      .then((opened) => {
        if (!live) {
          for (const track of opened.getTracks()) track.stop();
          return;
        }
        current = opened;
        setStream(opened);
      })
      .catch(() => live && setRefused(true)) ?? setRefused(true);
    return () => {
      live = false;
      for (const track of current?.getTracks() ?? []) track.stop();
      setStream(null);
    };
  }, []);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  const heard = peak >= THRESHOLDS.microphoneLevel;
  const grade: Grade | null = refused ? "fail" : !picture ? null : heard ? "pass" : "warn";
  return (
    <CheckCard
      title={t("test.camera.title")}
      grade={grade}
      advice={grade ? t(`test.camera.${grade}`) : null}
      testId="check-camera"
    >
      <div className={styles.cameraBody}>
        <video
          ref={video}
          className={styles.cameraPreview}
          autoPlay
          muted
          playsInline
          aria-label={t("test.camera.preview")}
          onLoadedData={() => setPicture(true)}
          data-testid="check-camera-preview"
        />
        <div className={styles.meterRow}>
          <span>{t("test.microphone.level")}</span>
          <meter
            className={styles.meter}
            min={0}
            max={1}
            low={0.02}
            high={0.9}
            optimum={0.5}
            value={level}
            aria-label={t("test.microphone.level")}
            data-testid="check-microphone-level"
          />
        </div>
      </div>
    </CheckCard>
  );
}
