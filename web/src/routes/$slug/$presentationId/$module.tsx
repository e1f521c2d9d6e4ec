import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SlidersIcon } from "../../../components/icons";
import { PresentationNotice } from "../../../features/presentation/presentation-notice";
import { PresentationPage, useCurrentPresentation } from "../../../features/presentation/presentation-page";

export const Route = createFileRoute("/$slug/$presentationId/$module")({
  component: ModuleToCome,
});

/**
 * Any module without a page yet (quiz, quiz-moderator, quiz-results…): each gets its own route
 * file, which takes precedence over this one; until then the address says so instead of breaking.
 */
function ModuleToCome() {
  const { t } = useTranslation("forum");
  const { slug } = Route.useParams();
  const { viewmode } = Route.useSearch();
  const presentation = useCurrentPresentation();
  return (
    <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
      <PresentationNotice icon={<SlidersIcon />} title={t("module.unavailable.title")} testId="module-unavailable">
        {t("module.unavailable.text")}
      </PresentationNotice>
    </PresentationPage>
  );
}
