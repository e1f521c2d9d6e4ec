import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useTranslation } from "react-i18next";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useEventSchedule } from "../../app-state/event-schedule-context";
import { useSession } from "../../app-state/session";
import { SearchOffIcon } from "../../components/icons";
import { LoginPrompt } from "../../components/login-prompt";
import { DeviceTestPage } from "../../features/device-test/device-test-page";
import { PresentationNotice } from "../../features/presentation/presentation-notice";
import { useRequestLogin } from "../../lib/login-request";

export const Route = createFileRoute("/$slug/test/$presentationId")({
  component: TestScreen,
});

/** Spec 1 `/{event_slug}/test/{presentation_id}`: camera, microphone, network and realtime checks; logged in only. */
function TestScreen() {
  const { t } = useTranslation("live");
  const { slug, presentationId } = Route.useParams();
  const location = useLocation();
  const schedule = useEventSchedule();
  const [session] = useSession(slug);
  const password = useAtomValue(eventPasswordAtom(slug));
  const requestLogin = useRequestLogin();
  const presentation = schedule.presentations.find((candidate) => String(candidate._id) === presentationId);

  if (!presentation) {
    return (
      <PresentationNotice icon={<SearchOffIcon />} title={t("test.title")} testId="device-test-not-found">
        {t("test.not-found")}
      </PresentationNotice>
    );
  }
  if (!session) {
    return (
      <LoginPrompt
        title={t("test.login.title")}
        text={t("test.login.text")}
        action={t("test.login.action")}
        onLogin={() => requestLogin(location.href)}
        testId="device-test-login"
      />
    );
  }
  return (
    <DeviceTestPage
      talkName={presentation.name}
      eventId={schedule.event._id}
      token={session.token}
      password={password}
    />
  );
}
