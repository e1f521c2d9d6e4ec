import { useTranslation } from "react-i18next";
import { eventSlugOfPath, useEventBrand } from "../lib/use-event-brand";
import { Button, ButtonLink } from "./button";
import { AlertIcon } from "./icons";
import { StatusScreen } from "./status-screen";

/**
 * What a page that failed to render shows instead (the router's error boundary): what happened,
 * that it was reported, and two ways back: trying again, or the event's schedule.
 */
export function AppErrorScreen() {
  const { t } = useTranslation();
  const slug = eventSlugOfPath(window.location.pathname);
  const theme = useEventBrand(slug);
  const home = slug ? `/${encodeURIComponent(slug)}` : "/";
  return (
    <StatusScreen
      icon={<AlertIcon />}
      title={t("app-error.title")}
      tone="danger"
      testId="app-error"
      theme={theme}
      actions={
        <>
          <Button onPress={() => window.location.reload()}>{t("app-error.retry")}</Button>
          {/* A whole page load: whatever broke is left behind. */}
          <ButtonLink variant="secondary" external href={home}>
            {t("app-error.home")}
          </ButtonLink>
        </>
      }
    >
      {t("app-error.text")}
    </StatusScreen>
  );
}
