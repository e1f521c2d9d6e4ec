import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { Card } from "../../components/card";
import { CameraCheck } from "./camera-check";
import styles from "./device-test.module.css";
import { NetworkCheck, RealtimeCheck } from "./network-check";

/**
 * Spec 1 `/{slug}/test/{presentationId}`: before going live or recording, the speaker checks the
 * camera and microphone, the connection to our server and the realtime link, each with a verdict
 * and what to do.
 */
export function DeviceTestPage({
  talkName,
  eventId,
  token,
  password,
}: {
  talkName: string;
  eventId: number;
  token: string;
  password: string | null;
}) {
  const { t } = useTranslation("live");
  const [attempt, setAttempt] = useState(0);
  return (
    <div className={styles.page} data-testid="device-test">
      {/* On a card: the page sits on the event's own background colour, which may be dark. */}
      <Card className={styles.heading}>
        <div>
          <h1 className={styles.title}>{t("test.title")}</h1>
          <p className={styles.subtitle}>{talkName}</p>
          <p className={styles.intro}>{t("test.intro")}</p>
        </div>
        <Button variant="secondary" onPress={() => setAttempt((value) => value + 1)} data-testid="device-test-again">
          {t("test.again")}
        </Button>
      </Card>
      <div className={styles.grid}>
        {/* A new key per run: each check starts over from scratch. */}
        <CameraCheck key={`camera-${attempt}`} />
        <NetworkCheck key={`network-${attempt}`} token={token} />
        <RealtimeCheck key={`realtime-${attempt}`} eventId={eventId} token={token} password={password} />
      </div>
    </div>
  );
}
