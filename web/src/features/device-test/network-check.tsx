import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckCard } from "./check-card";
import { gradeAtLeast, gradeAtMost, THRESHOLDS, worstGrade } from "./check-grades";
import styles from "./device-test.module.css";
import { type NetworkFigures, probeNetwork } from "./network-probe";
import { probeRealtime } from "./realtime-probe";

type Outcome<Value> = { kind: "running" } | { kind: "done"; value: Value } | { kind: "failed" };

const formatMbps = (value: number, locale: string) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);

/** Round trip, download and upload against our server, one after the other. */
export function NetworkCheck({ token }: { token: string }) {
  const { t, i18n } = useTranslation("live");
  const [outcome, setOutcome] = useState<Outcome<NetworkFigures>>({ kind: "running" });
  useEffect(() => {
    const controller = new AbortController();
    setOutcome({ kind: "running" });
    probeNetwork(token, controller.signal).then(
      (value) => setOutcome({ kind: "done", value }),
      () => !controller.signal.aborted && setOutcome({ kind: "failed" }),
    );
    return () => controller.abort();
  }, [token]);

  const figures = outcome.kind === "done" ? outcome.value : null;
  const grade =
    outcome.kind === "failed"
      ? "fail"
      : figures
        ? worstGrade([
            gradeAtMost(figures.roundTripMs, THRESHOLDS.roundTripMs),
            gradeAtLeast(figures.downloadMbps, THRESHOLDS.downloadMbps),
            gradeAtLeast(figures.uploadMbps, THRESHOLDS.uploadMbps),
          ])
        : null;
  return (
    <CheckCard
      title={t("test.network.title")}
      grade={grade}
      advice={grade ? t(`test.network.${grade}`) : t("test.network.running")}
      testId="check-network"
    >
      {figures ? (
        <dl className={styles.figures}>
          <dt>{t("test.network.round-trip")}</dt>
          <dd data-testid="check-network-rtt">{t("test.unit.ms", { value: figures.roundTripMs })}</dd>
          <dt>{t("test.network.download")}</dt>
          <dd>{t("test.unit.mbps", { value: formatMbps(figures.downloadMbps, i18n.language) })}</dd>
          <dt>{t("test.network.upload")}</dt>
          <dd>{t("test.unit.mbps", { value: formatMbps(figures.uploadMbps, i18n.language) })}</dd>
        </dl>
      ) : null}
    </CheckCard>
  );
}

/** A WebSocket round trip to one of the event's rooms: what the live quiz and forum rely on. */
export function RealtimeCheck({
  eventId,
  token,
  password,
}: {
  eventId: number;
  token: string;
  password: string | null;
}) {
  const { t } = useTranslation("live");
  const [outcome, setOutcome] = useState<Outcome<number>>({ kind: "running" });
  useEffect(() => {
    const controller = new AbortController();
    setOutcome({ kind: "running" });
    probeRealtime(eventId, { token, password }, controller.signal).then(
      (value) => setOutcome({ kind: "done", value }),
      () => !controller.signal.aborted && setOutcome({ kind: "failed" }),
    );
    return () => controller.abort();
  }, [eventId, token, password]);

  const grade =
    outcome.kind === "failed"
      ? "fail"
      : outcome.kind === "done"
        ? gradeAtMost(outcome.value, THRESHOLDS.realtimeMs)
        : null;
  return (
    <CheckCard
      title={t("test.realtime.title")}
      grade={grade}
      advice={grade ? t(`test.realtime.${grade}`) : t("test.realtime.running")}
      testId="check-realtime"
    >
      {outcome.kind === "done" ? (
        <dl className={styles.figures}>
          <dt>{t("test.realtime.round-trip")}</dt>
          <dd>{t("test.unit.ms", { value: outcome.value })}</dd>
        </dl>
      ) : null}
    </CheckCard>
  );
}
