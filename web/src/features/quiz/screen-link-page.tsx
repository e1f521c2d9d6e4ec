import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiError, asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useFeaturedQuestion } from "./featured-question";
import { FeaturedQuestionScreen } from "./featured-question-screen";
import { LobbyScreen } from "./lobby-screen";
import { PodiumScreen } from "./podium-screen";
import { QuestionScreen } from "./question-screen";
import { QuizStage } from "./quiz-stage";
import { useQuizWatch } from "./quiz-watch";
import { fetchScreenLinkInfo, type ScreenLinkInfo } from "./screen-link-api";
import styles from "./screen-link-page.module.css";

/**
 * The big screen on the moderator's read-only link (`/screen_link/{token}`): the projector's
 * computer shows the lobby with the join code, each question, the podiums, without anyone
 * logging in there. One page follows every phase, as it has no event pages behind it.
 */
export function ScreenLinkPage({ token }: { token: string }) {
  const [info, setInfo] = useState<ScreenLinkInfo | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [run, setRun] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // Loaded again for each run: a rerun has a new join code.
    fetchScreenLinkInfo(token, run, controller.signal)
      .then((loaded) => {
        setInfo(loaded);
        setFailure(null);
      })
      .catch((error) => {
        if (!controller.signal.aborted) setFailure(asApiError(error));
      });
    return () => controller.abort();
  }, [token, run]);
  if (failure) return <ScreenLinkRefused failure={failure} />;
  if (!info) return null;
  return <ScreenLinkStage token={token} info={info} onRun={setRun} />;
}

function ScreenLinkRefused({ failure }: { failure: ApiError }) {
  const { t } = useTranslation("quiz");
  const errorText = useApiErrorText();
  return (
    <main className={styles.refused} data-testid="quiz-screen-link-refused">
      <h1>{failure.status === 404 ? t("screen-link.invalid") : errorText(failure)}</h1>
    </main>
  );
}

function ScreenLinkStage({
  token,
  info,
  onRun,
}: {
  token: string;
  info: ScreenLinkInfo;
  onRun: (run: number) => void;
}) {
  const { t } = useTranslation(["quiz", "qa"]);
  const featured = useFeaturedQuestion(token);
  const access = useMemo(() => ({ role: "screen" as const, screenLink: token }), [token]);
  const watch = useQuizWatch(info.presentation._id, access);
  const texts = useMemo(() => new Map(info.questions.map((question) => [question.id, question])), [info.questions]);
  const state = watch.state;
  const run = state?.run;
  useEffect(() => {
    if (run !== undefined) onRun(run);
  }, [run, onRun]);
  const common = { event: info.event, subtitle: `${info.presentation.name} · ${info.event.name}` };
  // An audience question takes the screen whenever no quiz question is open (docs/qa.md).
  const questionOpen = state && ["answering", "paused", "closed"].includes(state.phase);
  if (featured && !questionOpen) {
    return (
      <QuizStage {...common} title={t("qa:screen.label")} testId="quiz-screen-qa">
        <FeaturedQuestionScreen question={featured} />
      </QuizStage>
    );
  }
  if (!state || state.phase === "lobby") {
    return (
      <QuizStage {...common} title={t("lobby.title")} testId="quiz-screen-lobby">
        {state ? (
          <LobbyScreen
            slug={info.event.slug}
            code={info.code}
            players={Object.values(state.players)}
            connected={watch.connected}
          />
        ) : null}
      </QuizStage>
    );
  }
  if (state.phase === "podium" || state.phase === "final") {
    const final = state.phase === "final";
    return (
      <QuizStage
        {...common}
        title={final ? t("podium.final-title") : t("podium.title")}
        testId={final ? "quiz-final-podium" : "quiz-screen-podium"}
      >
        <PodiumScreen state={state} final={final} />
      </QuizStage>
    );
  }
  return (
    <QuizStage
      {...common}
      title={t("question.position", { index: state.questionIndex + 1, total: state.questions.length })}
      testId="quiz-screen-question"
    >
      <QuestionScreen
        state={state}
        answered={watch.answered}
        texts={texts}
        clockOffsetMs={watch.clockOffsetMs}
        variant="screen"
      />
    </QuizStage>
  );
}
