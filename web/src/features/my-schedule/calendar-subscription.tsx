import { CALENDAR_ALARM_CHOICES, type CalendarAlarmMinutes } from "@core/schedule/icalendar";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "../../components/button";
import { Card } from "../../components/card";
import { CalendarPlusIcon, ChevronDownIcon, CopyIcon, DownloadIcon } from "../../components/icons";
import styles from "./calendar-subscription.module.css";
import { type CalendarFeed, fetchCalendarFeed, saveCalendarAlarm } from "./my-schedule-api";

type FeedState = { status: "loading" } | { status: "ready"; feed: CalendarFeed } | { status: "failed" };

/** A phone, where the card's other ways in start folded so that the talks show on the first screen. */
const PHONE_QUERY = "(max-width: 575px)";

/**
 * The personal schedule in the user's own calendar: subscribe to the secret feed (webcal), copy
 * its address for a calendar that asks for one, or download it once as a .ics file.
 */
export function CalendarSubscription({ token }: { token: string }) {
  const { t } = useTranslation("schedule");
  const [state, setState] = useState<FeedState>({ status: "loading" });
  const [copied, setCopied] = useState<boolean | null>(null);
  const [alarmSave, setAlarmSave] = useState<"idle" | "saving" | "saved" | "failed">("idle");
  const titleId = useId();
  const addressId = useId();
  const alarmId = useId();
  const [moreOpen, setMoreOpen] = useState(() => !window.matchMedia(PHONE_QUERY).matches);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchCalendarFeed(token, controller.signal).then(
      (feed) => setState({ status: "ready", feed }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("Loading the calendar feed failed", error);
        setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [token]);

  async function chooseAlarm(alarmMinutes: CalendarAlarmMinutes) {
    if (state.status !== "ready") return;
    const before = state.feed;
    // Shown at once; put back if the server refuses it.
    setState({ status: "ready", feed: { ...before, alarmMinutes } });
    setAlarmSave("saving");
    try {
      setState({ status: "ready", feed: await saveCalendarAlarm(token, alarmMinutes) });
      setAlarmSave("saved");
    } catch (error: unknown) {
      console.warn("Saving the calendar reminder failed", error);
      setState({ status: "ready", feed: before });
      setAlarmSave("failed");
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Without clipboard access the address stays selectable in its field.
      setCopied(false);
    }
  }

  return (
    <Card as="section" className={styles.panel} aria-labelledby={titleId} data-testid="calendar-subscription">
      <h3 id={titleId} className={styles.title}>
        <CalendarPlusIcon className={styles.titleIcon} />
        {t("calendar.title")}
      </h3>
      <p className={styles.intro}>{t("calendar.intro")}</p>
      {state.status === "loading" ? <p className={styles.status}>{t("calendar.loading")}</p> : null}
      {state.status === "failed" ? (
        <p className={styles.status} role="alert">
          {t("calendar.failed")}
        </p>
      ) : null}
      {state.status === "ready" ? (
        <>
          <ButtonLink
            external
            className={styles.subscribe}
            href={state.feed.webcal}
            icon={<CalendarPlusIcon />}
            data-testid="calendar-subscribe"
          >
            {t("calendar.subscribe")}
          </ButtonLink>
          <details
            className={styles.more}
            open={moreOpen}
            onToggle={(toggle) => setMoreOpen(toggle.currentTarget.open)}
          >
            <summary className={styles.moreSummary} data-testid="calendar-more">
              <ChevronDownIcon className={styles.moreChevron} />
              {t("calendar.more")}
            </summary>
            <ButtonLink
              external
              variant="secondary"
              className={styles.download}
              href={state.feed.url}
              download="my-schedule.ics"
              icon={<DownloadIcon />}
              data-testid="calendar-download"
            >
              {t("calendar.download")}
            </ButtonLink>
            <label htmlFor={alarmId} className={styles.label}>
              {t("calendar.alarm")}
            </label>
            <select
              id={alarmId}
              className={styles.select}
              value={state.feed.alarmMinutes}
              onChange={(change) => void chooseAlarm(Number(change.currentTarget.value) as CalendarAlarmMinutes)}
              aria-describedby={`${alarmId}-status`}
              data-testid="calendar-alarm"
            >
              {CALENDAR_ALARM_CHOICES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes === 0 ? t("calendar.alarm-none") : t("calendar.alarm-minutes", { count: minutes })}
                </option>
              ))}
            </select>
            <p id={`${alarmId}-status`} className={styles.status} role="status" data-testid="calendar-alarm-status">
              {alarmSave === "saved"
                ? t("calendar.alarm-saved")
                : alarmSave === "failed"
                  ? t("calendar.alarm-failed")
                  : ""}
            </p>
            <label htmlFor={addressId} className={styles.label}>
              {t("calendar.address")}
            </label>
            <div className={styles.address}>
              <input
                id={addressId}
                className={styles.input}
                readOnly
                value={state.feed.url}
                onFocus={(focus) => focus.currentTarget.select()}
                data-testid="calendar-url"
              />
              <Button
                variant="secondary"
                onPress={() => void copy(state.feed.url)}
                icon={<CopyIcon />}
                data-testid="calendar-copy"
              >
                {t("calendar.copy")}
              </Button>
            </div>
            <p className={styles.status} role="status">
              {copied === true ? t("calendar.copied") : copied === false ? t("calendar.copy-failed") : ""}
            </p>
            <p className={styles.hint}>{t("calendar.secret-hint")}</p>
          </details>
        </>
      ) : null}
    </Card>
  );
}
