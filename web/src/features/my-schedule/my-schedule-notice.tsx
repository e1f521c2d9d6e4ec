import { useAtom } from "jotai";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BookmarkFilledIcon, BookmarkIcon } from "../../components/icons";
import { Toast } from "../../components/toast";
import { useApiErrorText } from "../../lib/use-api-error-text";
import styles from "./my-schedule-notice.module.css";
import { myScheduleNoticeAtom } from "./my-schedule-state";

/** Spec §9: a warning closes after 5 s, an error after 10 s; "Added to my schedule" sooner. */
const WARNING_MS = 5_000;
const ERROR_MS = 10_000;
const CHANGED_MS = 2_500;

const SHOWN_FOR = { changed: CHANGED_MS, "login-needed": WARNING_MS, failed: ERROR_MS };

/**
 * The message about the personal schedule, at the foot of the page: a short "Added to my
 * schedule" or "Removed from my schedule" as the bookmark changes, an anonymous add is only a
 * warning (spec §4), a failed change says it was undone and why.
 */
export function MyScheduleNotice({ slug }: { slug: string }) {
  const { t } = useTranslation("schedule");
  const errorText = useApiErrorText();
  const [notice, setNotice] = useAtom(myScheduleNoticeAtom(slug));

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SHOWN_FOR[notice.kind]);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);

  // The live region stays in the page, so that a screen reader says the words put into it.
  const changed = notice?.kind === "changed" ? notice : null;
  const region = (
    <div role="status" className={styles.toastRegion}>
      {changed ? (
        <p key={changed.id} className={styles.toast} data-testid="my-schedule-toast">
          {changed.scheduled ? <BookmarkFilledIcon /> : <BookmarkIcon />}
          {t(changed.scheduled ? "my-schedule.added" : "my-schedule.removed")}
        </p>
      ) : null}
    </div>
  );
  if (!notice || notice.kind === "changed") return region;
  const failed = notice.kind === "failed";
  return (
    <>
      {region}
      <Toast
        key={notice.id}
        tone={failed ? "danger" : "warning"}
        title={t(failed ? "my-schedule.error-title" : "my-schedule.login-needed-title")}
        onClose={() => setNotice(null)}
        testId={failed ? "my-schedule-error" : "my-schedule-warning"}
      >
        {failed
          ? `${t(notice.adding ? "my-schedule.add-failed" : "my-schedule.remove-failed")} ${errorText(notice.error)}`
          : t("my-schedule.login-needed")}
      </Toast>
    </>
  );
}
