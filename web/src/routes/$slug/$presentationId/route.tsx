import { createFileRoute, notFound, Outlet } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { AppLink, useHrefKeepingMode } from "../../../components/app-link";
import buttons from "../../../components/button.module.css";
import { ArrowLeftIcon, SearchOffIcon } from "../../../components/icons";
import { PresentationNotice } from "../../../features/presentation/presentation-notice";
import { PresentationContext } from "../../../features/presentation/presentation-page";

/** A presentation id as the API writes it; anything else is no page at all (Invalid link). */
const PRESENTATION_ID = /^[1-9][0-9]{0,15}$/;

export const Route = createFileRoute("/$slug/$presentationId")({
  beforeLoad: ({ params }) => {
    if (!PRESENTATION_ID.test(params.presentationId)) throw notFound();
  },
  component: PresentationRoute,
});

/** Spec §2 `/{event_slug}/{presentation_id}/{module?}`: the presentation, looked up in the event's schedule. */
function PresentationRoute() {
  const { t } = useTranslation("forum");
  const { slug, presentationId } = Route.useParams();
  const { presentations } = useEventSchedule();
  const href = useHrefKeepingMode();
  const presentation = presentations.find((candidate) => candidate._id === Number(presentationId));
  if (!presentation) {
    return (
      <PresentationNotice
        icon={<SearchOffIcon />}
        title={t("presentation.not-found.title")}
        testId="presentation-not-found"
        action={
          <AppLink className={buttons.primary} href={href(`/${slug}`)} data-testid="presentation-not-found-back">
            <ArrowLeftIcon />
            {t("presentation.not-found.back")}
          </AppLink>
        }
      >
        {t("presentation.not-found.text")}
      </PresentationNotice>
    );
  }
  return (
    <PresentationContext value={presentation}>
      <Outlet />
    </PresentationContext>
  );
}
