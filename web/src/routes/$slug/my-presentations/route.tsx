import { createFileRoute, Outlet, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../app-state/session";
import { LoginPrompt } from "../../../components/login-prompt";
import { useRequestLogin } from "../../../lib/login-request";

export const Route = createFileRoute("/$slug/my-presentations")({
  component: MyPresentationsLayout,
});

/** Spec §2 `/{event_slug}/my-presentations` and its pages: the speaker's own; logged in only. */
function MyPresentationsLayout() {
  const { t } = useTranslation("schedule");
  const { slug } = Route.useParams();
  const location = useLocation();
  const [session] = useSession(slug);
  const requestLogin = useRequestLogin();

  if (!session) {
    return (
      <LoginPrompt
        title={t("my-presentations.login.title")}
        text={t("my-presentations.login.text")}
        action={t("my-presentations.login.action")}
        onLogin={() => requestLogin(location.href)}
        testId="my-presentations-login"
      />
    );
  }
  return <Outlet />;
}
