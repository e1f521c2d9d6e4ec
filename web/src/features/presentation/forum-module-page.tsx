import type { PublicEvent, PublicPresentation } from "@core/schedule/public-schedule";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../app-state/event-schedule-context";
import { PresentationNotice } from "./presentation-notice";
import { PresentationPage, useCurrentPresentation } from "./presentation-page";

/**
 * A talk's page of the forum's family (its Forum and Questions tabs): the talk's head, then the
 * module, or, when the event's forum is switched off, the notice that says so (the Q&A is on
 * when the forum is: one room, one access rule).
 */
export function ForumModulePage({
  slug,
  viewmode,
  offIcon,
  children,
}: {
  slug: string;
  viewmode: "virtual" | "videolanding" | undefined;
  /** The module's own icon on the forum-off notice. */
  offIcon: ReactNode;
  children: (module: { event: PublicEvent; presentation: PublicPresentation }) => ReactNode;
}) {
  const { t } = useTranslation("forum");
  const { event } = useEventSchedule();
  const presentation = useCurrentPresentation();
  return (
    <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
      {event.forum ? (
        children({ event, presentation })
      ) : (
        <PresentationNotice icon={offIcon} title={t("forum-off.title")} testId="forum-off">
          {t("forum-off.text")}
        </PresentationNotice>
      )}
    </PresentationPage>
  );
}
