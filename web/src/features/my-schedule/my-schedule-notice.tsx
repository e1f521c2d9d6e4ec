import { useAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import buttons from "../../components/button.module.css";
import { CloseIcon } from "../../components/icons";
import { useApiErrorText } from "../../lib/use-api-error-text";
import styles from "./my-schedule-notice.module.css";
import { myScheduleNoticeAtom } from "./my-schedule-state";

/** Spec §9: a warning closes after 5 s, an error after 10 s. */
const WARNING_MS = 5_000;
const ERROR_MS = 10_000;

/**
 * The message about the personal schedule, at the foot of the page: an anonymous add is only a
 * warning (spec §4), a failed change says it was undone and why.
 */
export function MyScheduleNotice({ slug }: { slug: string }) {
  const { t } = useTranslation("schedule");
  const errorText = useApiErrorText();
  const [notice, setNotice] = useAtom(myScheduleNoticeAtom(slug));

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), notice.kind === "failed" ? ERROR_MS : WARNING_MS);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);

  if (!notice) return null;
  const failed = notice.kind === "failed";
  return (
    <div
      key={notice.id}
      className={`${styles.notice} ${failed ? styles.error : styles.warning}`}
      role="alert"
      data-testid={failed ? "my-schedule-error" : "my-schedule-warning"}
    >
      <div className={styles.body}>
        <p className={styles.title}>{t(failed ? "my-schedule.error-title" : "my-schedule.login-needed-title")}</p>
        <p>
          {failed
            ? `${t(notice.adding ? "my-schedule.add-failed" : "my-schedule.remove-failed")} ${errorText(notice.error)}`
            : t("my-schedule.login-needed")}
        </p>
      </div>
      <button
        type="button"
        className={`${buttons.icon} ${styles.close}`}
        aria-label={t("my-schedule.notice-close")}
        onClick={() => setNotice(null)}
      >
        <CloseIcon />
      </button>
    </div>
  );
}
