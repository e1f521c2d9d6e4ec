import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LoginPrompt } from "../../components/login-prompt";
import { useEventSchedule } from "../../features/event-access/event-schedule-context";
import { MyPresentations } from "../../features/my-presentations/my-presentations";
import { useSession } from "../../features/session/session";
import { useRequestLogin } from "../../lib/login-request";

export const Route = createFileRoute("/$slug/my-presentations")({
  component: MyPresentationsPage,
});

/** Spec §2 `/{event_slug}/my-presentations`: the speaker's own presentations; logged in only. */
function MyPresentationsPage() {
  const { t } = useTranslation("schedule");
  const { slug } = Route.useParams();
  const location = useLocation();
  const schedule = useEventSchedule();
  const [session] = useSession(slug);
  const requestLogin = useRequestLogin();
  const user = session?.user ?? null;

  if (!user) {
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
  return <MyPresentations schedule={schedule} speakerId={user.is_speaker ? user.speaker_id : null} />;
}
