import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/button";
import { BroadcastIcon, LoginIcon } from "../../components/icons";
import { StatusScreen } from "../../components/status-screen";
import { type ApiError, asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useEventBrand } from "../../lib/use-event-brand";
import { fetchLiveRoom, type LiveRoom } from "./live-room-api";
import { storedTokenOf } from "./stored-sessions";

type State =
  | { kind: "loading" }
  | { kind: "login-required" }
  | { kind: "failed"; error: ApiError }
  | { kind: "closed"; room: LiveRoom }
  | { kind: "opening"; room: LiveRoom; url: string };

/**
 * Spec 1 `/visio/{presentationId}/{userId}`: the talk's live room (a Jitsi Meet or BigBlueButton
 * room from the event's template), opened in the same window; or why it cannot open.
 */
export function LiveRoomPage({ presentationId, userId }: { presentationId: number; userId: number }) {
  const { t } = useTranslation("live");
  const errorText = useApiErrorText();
  const [state, setState] = useState<State>({ kind: "loading" });
  // The event's colours once the room says which event it is, as the recorder has them.
  const theme = useEventBrand(state.kind === "closed" || state.kind === "opening" ? state.room.eventSlug : null);

  useEffect(() => {
    const token = storedTokenOf(userId);
    if (!token) {
      setState({ kind: "login-required" });
      return;
    }
    const controller = new AbortController();
    fetchLiveRoom(presentationId, token, controller.signal).then(
      (room) => setState(room.url ? { kind: "opening", room, url: room.url } : { kind: "closed", room }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: "failed", error: asApiError(error) });
      },
    );
    return () => controller.abort();
  }, [presentationId, userId]);

  useEffect(() => {
    // The live room replaces this page, as the spec's external page opens in the same window.
    if (state.kind === "opening") window.location.replace(state.url);
  }, [state]);

  switch (state.kind) {
    case "loading":
      return (
        <StatusScreen icon={<BroadcastIcon />} title={t("visio.loading")} testId="live-room-loading">
          {t("visio.loading.text")}
        </StatusScreen>
      );
    case "login-required":
      return (
        <StatusScreen icon={<LoginIcon />} title={t("visio.login.title")} testId="live-room-login">
          {t("visio.login.text")}
        </StatusScreen>
      );
    case "failed":
      return (
        <StatusScreen icon={<BroadcastIcon />} title={t("visio.failed.title")} tone="danger" testId="live-room-failed">
          {state.error.status === 403 ? t("visio.not-today") : errorText(state.error)}
        </StatusScreen>
      );
    case "closed":
      return (
        <StatusScreen
          icon={<BroadcastIcon />}
          title={state.room.name}
          testId="live-room-closed"
          theme={theme}
          actions={
            <ButtonLink external href={`/${state.room.eventSlug}`}>
              {t("visio.back")}
            </ButtonLink>
          }
        >
          {state.room.room?.visioEnabled ? t("visio.no-template") : t("visio.room-off")}
        </StatusScreen>
      );
    case "opening":
      return (
        <StatusScreen
          icon={<BroadcastIcon />}
          title={state.room.name}
          testId="live-room-opening"
          theme={theme}
          actions={
            <ButtonLink external href={state.url} data-testid="live-room-link">
              {t("visio.open")}
            </ButtonLink>
          }
        >
          {t("visio.opening", { room: state.room.room?.name ?? "" })}
        </StatusScreen>
      );
  }
}
