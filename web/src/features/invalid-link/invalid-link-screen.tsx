import { useTranslation } from "react-i18next";
import { BrokenLinkIcon } from "../../components/icons";
import { StatusScreen } from "../../components/status-screen";
import { eventSlugOfPath, useEventBrand } from "../../lib/use-event-brand";

/** Spec §2: a path without an event slug, or of a shape no page has. */
export function InvalidLinkScreen() {
  const { t } = useTranslation();
  const theme = useEventBrand(eventSlugOfPath(window.location.pathname));
  return (
    <StatusScreen icon={<BrokenLinkIcon />} title={t("invalid-link.title")} testId="invalid-link" theme={theme}>
      {t("invalid-link.text")}
    </StatusScreen>
  );
}
