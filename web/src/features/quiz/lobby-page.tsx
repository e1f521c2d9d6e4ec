import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "../../components/button";
import { PlayIcon } from "../../components/quiz/quiz-icons";
import { type ApiError, asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import {
  ConnectionBadge,
  type LiveQuizPageProps,
  Loading,
  StageAlert,
  useLiveQuiz,
  useWatchAlert,
} from "./live-quiz-page-parts";
import { LobbyScreen } from "./lobby-screen";
import { fetchJoinCode, sendQuizCommand } from "./quiz-api";
import { QuizStage } from "./quiz-stage";
import { ScreenLinkControls } from "./screen-link-controls";

/** Spec §2 lobby: the big screen's `screen-user-list` and the moderator's `quiz-user-list`. */
export function LobbyPage(props: LiveQuizPageProps) {
  const { t } = useTranslation("quiz");
  const errorText = useApiErrorText();
  const { slug, event, presentation, variant, token } = props;
  const { watch, password } = useLiveQuiz(props);
  const [code, setCode] = useState<string | null>(null);
  const [callError, setCallError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<ApiError | null>(null);
  const [starting, runStart] = useSingleFlight();
  const watchAlert = useWatchAlert(watch);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetchJoinCode(presentation._id, { token, password }, controller.signal)
      .then(setCode)
      .catch((error) => {
        if (!controller.signal.aborted) setCodeError(asApiError(error));
      });
    return () => controller.abort();
  }, [presentation._id, token, password]);

  const start = () =>
    runStart(async () => {
      setCallError(null);
      if (variant === "moderator") {
        if (!watch.command("start_quiz")) setCallError(t("connection.reconnecting"));
        return;
      }
      if (!token) return;
      await sendQuizCommand(presentation._id, { token, password }, "start_quiz").catch((error) =>
        setCallError(errorText(asApiError(error))),
      );
    });

  return (
    <QuizStage
      event={event}
      title={t("lobby.title")}
      subtitle={`${presentation.name} · ${event.name}`}
      aside={<ConnectionBadge status={watch.status} />}
      testId={variant === "screen" ? "quiz-screen-lobby" : "quiz-moderator-lobby"}
    >
      {watch.state ? (
        <LobbyScreen
          slug={slug}
          code={code}
          players={Object.values(watch.state.players)}
          connected={watch.connected}
          actions={
            token ? (
              <>
                {variant === "moderator" ? (
                  <ButtonLink
                    stage
                    variant="secondary"
                    external
                    href={`/${slug}/${presentation._id}/screen-user-list`}
                    target="_blank"
                    rel="noopener"
                    data-testid="quiz-open-screen"
                  >
                    {t("action.open-screen")}
                  </ButtonLink>
                ) : null}
                {variant === "moderator" ? (
                  <ScreenLinkControls presentationId={presentation._id} token={token} password={password} />
                ) : null}
                <Button
                  stage
                  size="large"
                  onPress={start}
                  isDisabled={
                    starting || watch.state.phase !== "lobby" || (variant === "moderator" && watch.status !== "open")
                  }
                  data-testid="quiz-start"
                >
                  <PlayIcon />
                  {t("action.start")}
                </Button>
              </>
            ) : null
          }
        />
      ) : (
        <Loading />
      )}
      <StageAlert message={callError ?? (codeError ? errorText(codeError) : null) ?? watchAlert} />
    </QuizStage>
  );
}
