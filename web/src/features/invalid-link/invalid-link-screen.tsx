import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/button";
import { BrokenLinkIcon } from "../../components/icons";
import { StatusScreen } from "../../components/status-screen";
import { eventSlugOfPath, useEventBrand } from "../../lib/use-event-brand";

/** Spec §2: a path without an event slug, or of a shape no page has. */
export function InvalidLinkScreen() {
  const { t } = useTranslation();
  const slug = eventSlugOfPath(window.location.pathname);
  const theme = useEventBrand(slug);
  return (
    <StatusScreen
      icon={<BrokenLinkIcon />}
      title={t("invalid-link.title")}
      testId="invalid-link"
      theme={theme}
      // The event's colours come only when its slug names one: then its programme is a way back.
      actions={
        slug && theme ? (
          <ButtonLink href={`/${encodeURIComponent(slug)}`} data-testid="invalid-link-back">
            {t("invalid-link.back")}
          </ButtonLink>
        ) : undefined
      }
    >
      {t("invalid-link.text")}
    </StatusScreen>
  );
}
