import { useTranslation } from "react-i18next";
import buttons from "./button.module.css";
import { AlertIcon } from "./icons";
import { StatusScreen } from "./status-screen";

/** First path segments that are not an event's slug. */
const NOT_EVENTS = new Set(["", "visio", "screen_link"]);

/**
 * What a page that failed to render shows instead (the router's error boundary): what happened,
 * that it was reported, and two ways back: trying again, or the event's schedule.
 */
export function AppErrorScreen() {
  const { t } = useTranslation();
  const slug = window.location.pathname.split("/")[1] ?? "";
  const home = NOT_EVENTS.has(slug) ? "/" : `/${slug}`;
  return (
    <StatusScreen
      icon={<AlertIcon />}
      title={t("app-error.title")}
      tone="danger"
      testId="app-error"
      actions={
        <>
          <button type="button" className={buttons.primary} onClick={() => window.location.reload()}>
            {t("app-error.retry")}
          </button>
          <a className={buttons.primary} href={home}>
            {t("app-error.home")}
          </a>
        </>
      }
    >
      {t("app-error.text")}
    </StatusScreen>
  );
}
