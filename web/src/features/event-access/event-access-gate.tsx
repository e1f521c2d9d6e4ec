import type { PublicSchedule } from "@core/schedule/public-schedule";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EventScheduleContext } from "../../app-state/event-schedule-context";
import buttons from "../../components/button.module.css";
import { CloudOffIcon, SearchOffIcon } from "../../components/icons";
import { LoadingScreen } from "../../components/loading-screen";
import { StatusScreen } from "../../components/status-screen";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { PasswordPrompt } from "./password-prompt";
import { useScheduleAccess } from "./use-schedule-access";

/**
 * Opens the event `slug`: shows loading, the password prompt, "event not found" or a retry
 * message until the schedule is there, then renders `children` with it (also in context).
 */
export function EventAccessGate({
  slug,
  children,
}: {
  slug: string;
  children: (schedule: PublicSchedule) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  const { access, retry, unlock } = useScheduleAccess(slug);

  switch (access.status) {
    case "loading":
      return <LoadingScreen />;
    case "locked":
      return <PasswordPrompt slug={slug} onUnlock={unlock} />;
    case "not-found":
      return (
        <StatusScreen icon={<SearchOffIcon />} title={t("event-not-found.title")} testId="event-not-found">
          {t("event-not-found.text", { slug })}
        </StatusScreen>
      );
    case "failed":
      return (
        <StatusScreen
          icon={<CloudOffIcon />}
          tone="danger"
          title={t("load-error.title")}
          testId="load-error"
          actions={
            <button type="button" className={buttons.primary} onClick={retry} data-testid="retry">
              {t("action.retry")}
            </button>
          }
        >
          {errorText(access.error)}
        </StatusScreen>
      );
    case "ready":
      return <EventScheduleContext value={access.schedule}>{children(access.schedule)}</EventScheduleContext>;
  }
}
