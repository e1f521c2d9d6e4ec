import type { PublicEvent } from "@core/schedule/public-schedule";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EventContext, EventScheduleContext } from "../../app-state/event-schedule-context";
import { Button } from "../../components/button";
import { CloudOffIcon, SearchOffIcon } from "../../components/icons";
import { LoadingScreen } from "../../components/loading-screen";
import { StatusScreen } from "../../components/status-screen";
import type { ApiError } from "../../lib/api";
import { FirstScreenHandOver } from "../../lib/first-screen";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { PasswordPrompt } from "./password-prompt";
import { useBasicsAccess } from "./use-basics-access";
import { useScheduleAccess } from "./use-schedule-access";

interface GateProps {
  slug: string;
  children: (event: PublicEvent) => ReactNode;
}

/**
 * Opens the event `slug`: shows loading, the password prompt, "event not found" or a retry
 * message until the event is there, then renders `children` with it (in context too).
 * `scope` says what the page needs: the whole schedule (behind the event's password), or only
 * the event's branding (the quiz join page of an event without a password).
 */
export function EventAccessGate({ scope, ...props }: GateProps & { scope: "schedule" | "basics" }) {
  return scope === "basics" ? <BasicsGate {...props} /> : <ScheduleGate {...props} />;
}

function ScheduleGate({ slug, children }: GateProps) {
  const { access, retry, unlock } = useScheduleAccess(slug);
  switch (access.status) {
    case "locked":
      return (
        <>
          <PasswordPrompt slug={slug} onUnlock={unlock} />
          <FirstScreenHandOver />
        </>
      );
    case "ready":
      return (
        <EventScheduleContext value={access.schedule}>
          <EventContext value={access.schedule.event}>{children(access.schedule.event)}</EventContext>
        </EventScheduleContext>
      );
    default:
      return <NotOpenScreen slug={slug} access={access} retry={retry} />;
  }
}

function BasicsGate({ slug, children }: GateProps) {
  const { access, retry } = useBasicsAccess(slug);
  if (access.status !== "ready") return <NotOpenScreen slug={slug} access={access} retry={retry} />;
  // Behind a password the quiz calls need it too: the whole gate asks for it first.
  if (access.event.protected) return <ScheduleGate slug={slug}>{children}</ScheduleGate>;
  return <EventContext value={access.event}>{children(access.event)}</EventContext>;
}

type NotOpen = { status: "loading" } | { status: "not-found" } | { status: "failed"; error: ApiError };

function NotOpenScreen({ slug, access, retry }: { slug: string; access: NotOpen; retry: () => void }) {
  if (access.status === "loading") return <LoadingScreen />;
  // The event cannot open: this, not the first screen of its programme, is what the reader must see.
  return (
    <>
      <ClosedScreen slug={slug} access={access} retry={retry} />
      <FirstScreenHandOver />
    </>
  );
}

function ClosedScreen({
  slug,
  access,
  retry,
}: {
  slug: string;
  access: Exclude<NotOpen, { status: "loading" }>;
  retry: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useApiErrorText();
  switch (access.status) {
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
            <Button onPress={retry} data-testid="retry">
              {t("action.retry")}
            </Button>
          }
        >
          {errorText(access.error)}
        </StatusScreen>
      );
  }
}
