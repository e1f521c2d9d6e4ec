import { currentQuestion, type QuizState, timerRemainingMs } from "@core/quiz/model";
import type { PublicEvent, PublicPresentation } from "@core/schedule/public-schedule";
import { useAtomValue } from "jotai";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link";
import { type ApiError, asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import { eventPasswordAtom } from "../event-access/event-password";
import { useSession } from "../session/session";
import styles from "./live-quiz-pages.module.css";
import { type LiveQuizVariant, useFollowQuiz } from "./live-quiz-paths";
import { LobbyScreen } from "./lobby-screen";
import { PodiumScreen } from "./podium-screen";
import { QuestionScreen } from "./question-screen";
import { fetchJoinCode, sendQuizCommand } from "./quiz-api";
import { ArrowLeftIcon, ArrowRightIcon, ChartIcon, PauseIcon, PlayIcon, TrophyIcon, UsersIcon } from "./quiz-icons";
import type { QuizRoomAccess } from "./quiz-room-socket";
import { QuizStage } from "./quiz-stage";
import { type QuizCommandType, type QuizWatchSnapshot, useQuizWatch } from "./quiz-watch";
import { RerunButton } from "./rerun-button";
import { ScreenLinkControls } from "./screen-link-controls";
import buttons from "./stage-buttons.module.css";
import { useLasting } from "./use-lasting";
import { useNow } from "./use-now";
import { useQuizTexts } from "./use-quiz-texts";

/** What every live quiz page of the moderator or the big screen is given by its route. */
interface LiveQuizPageProps {
  slug: string;
  event: PublicEvent;
  presentation: PublicPresentation;
  variant: LiveQuizVariant;
  /** The moderator's session token; the big screen's pages work without one. */
  token: string | null;
}

/**
 * The moderator enters as moderator; the big screen as a watcher, with the event's password, and
 * with the visitor's session when there is one (an event closed to anonymous visitors asks for it).
 */
function useLiveQuiz({ slug, presentation, variant, token }: LiveQuizPageProps) {
  const password = useAtomValue(eventPasswordAtom(slug));
  const [session] = useSession(slug);
  const access: QuizRoomAccess =
    variant === "moderator" && token
      ? { role: "moderator", token, password }
      : { role: "screen", token: token ?? session?.token ?? null, password };
  const watch = useQuizWatch(presentation._id, access);
  useFollowQuiz(slug, presentation._id, watch.state, variant);
  return { watch, password };
}

/** A refusal of the room or of a call, shown for a few seconds over the stage. */
function StageAlert({ message }: { message: string | null }) {
  const [shown, setShown] = useState(message);
  useEffect(() => {
    setShown(message);
    if (!message) return;
    const timer = setTimeout(() => setShown(null), 6_000);
    return () => clearTimeout(timer);
  }, [message]);
  return shown ? (
    <p className={styles.alert} role="alert" data-testid="quiz-alert">
      {shown}
    </p>
  ) : null;
}

function useWatchAlert(watch: QuizWatchSnapshot): string | null {
  const { t } = useTranslation("errors");
  const [message, setMessage] = useState<string | null>(null);
  const errorId = watch.error?.id;
  const code = watch.error?.code;
  useEffect(() => {
    if (errorId !== undefined && code) setMessage(t(code as "internal"));
  }, [errorId, code, t]);
  return message;
}

function ConnectionBadge({ status }: { status: QuizWatchSnapshot["status"] }) {
  const { t } = useTranslation("quiz");
  const shown = useLasting(status !== "open");
  if (!shown) return null;
  return (
    <span className={styles.badge} role="status" data-testid="quiz-connection">
      {status === "connecting" ? t("connection.connecting") : t("connection.reconnecting")}
    </span>
  );
}

function Loading() {
  const { t } = useTranslation("quiz");
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {t("connection.connecting")}
    </div>
  );
}

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
                  <a
                    className={buttons.secondary}
                    href={`/${slug}/${presentation._id}/screen-user-list`}
                    target="_blank"
                    rel="noopener"
                    data-testid="quiz-open-screen"
                  >
                    {t("action.open-screen")}
                  </a>
                ) : null}
                {variant === "moderator" ? (
                  <ScreenLinkControls presentationId={presentation._id} token={token} password={password} />
                ) : null}
                <button
                  type="button"
                  className={`${buttons.primary} ${buttons.big}`}
                  onClick={start}
                  disabled={
                    starting || watch.state.phase !== "lobby" || (variant === "moderator" && watch.status !== "open")
                  }
                  data-testid="quiz-start"
                >
                  <PlayIcon />
                  {t("action.start")}
                </button>
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

function PlayersAside({ watch }: { watch: QuizWatchSnapshot }) {
  const { t } = useTranslation("quiz");
  return (
    <>
      <ConnectionBadge status={watch.status} />
      <span className={styles.counter} data-testid="quiz-connected-count">
        <UsersIcon />
        {t("counters.connected", { count: watch.connected })}
      </span>
    </>
  );
}

/** Spec §2 quiz-live screen: the big screen's `screen-questions` and the moderator's `quiz-questions`. */
export function QuestionPage(props: LiveQuizPageProps) {
  const { t } = useTranslation("quiz");
  const { event, presentation, variant } = props;
  const { watch, password } = useLiveQuiz(props);
  const question = watch.state ? currentQuestion(watch.state) : undefined;
  const texts = useQuizTexts(presentation._id, password, question?.id ?? null);
  const alert = useWatchAlert(watch);
  return (
    <QuizStage
      event={event}
      title={
        watch.state && question
          ? t("question.position", { index: watch.state.questionIndex + 1, total: watch.state.questions.length })
          : t("lobby.title")
      }
      subtitle={presentation.name}
      aside={<PlayersAside watch={watch} />}
      testId={variant === "screen" ? "quiz-screen-question" : "quiz-moderator-question"}
    >
      {watch.state && question ? (
        <>
          <QuestionScreen
            state={watch.state}
            answered={watch.answered}
            texts={texts}
            clockOffsetMs={watch.clockOffsetMs}
            variant={variant}
          />
          {variant === "moderator" ? (
            <QuestionControls state={watch.state} watch={watch} clockOffsetMs={watch.clockOffsetMs} />
          ) : null}
        </>
      ) : (
        <Loading />
      )}
      <StageAlert message={alert} />
    </QuizStage>
  );
}

function ControlButton({
  command,
  watch,
  disabled,
  pressed,
  testId,
  primary,
  children,
}: {
  command: QuizCommandType;
  watch: QuizWatchSnapshot & { command: (type: QuizCommandType) => boolean };
  disabled?: boolean;
  pressed?: boolean;
  testId: string;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={primary ? buttons.primary : buttons.secondary}
      disabled={disabled || watch.status !== "open"}
      aria-pressed={pressed}
      onClick={() => watch.command(command)}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** Spec §2 moderator control bar: stop timer, start timer, Results, Podium, Back, Next or Final Podium. */
function QuestionControls({
  state,
  watch,
  clockOffsetMs,
}: {
  state: QuizState;
  watch: QuizWatchSnapshot & { command: (type: QuizCommandType) => boolean };
  clockOffsetMs: number;
}) {
  const { t } = useTranslation("quiz");
  const now = useNow(state.phase === "answering");
  const last = state.questionIndex >= state.questions.length - 1;
  const timeLeft = timerRemainingMs(state, now + clockOffsetMs) > 0;
  return (
    <nav className={styles.controls} aria-label={t("controls.label")} data-testid="quiz-controls">
      <div className={styles.controlGroup}>
        <ControlButton
          command="timer_stop"
          watch={watch}
          disabled={state.phase !== "answering"}
          testId="quiz-timer-stop"
        >
          <PauseIcon />
          {t("action.timer-stop")}
        </ControlButton>
        <ControlButton
          command="timer_start"
          watch={watch}
          disabled={state.phase === "answering" || state.resultVisible || !timeLeft}
          testId="quiz-timer-start"
        >
          <PlayIcon />
          {t("action.timer-start")}
        </ControlButton>
      </div>
      <div className={styles.controlGroup}>
        <ControlButton
          command={state.resultVisible ? "hide_result" : "show_result"}
          watch={watch}
          pressed={state.resultVisible}
          testId="quiz-results"
        >
          <ChartIcon />
          {t("action.results")}
        </ControlButton>
        <ControlButton command="show_podium" watch={watch} testId="quiz-podium-button">
          <TrophyIcon />
          {t("action.podium")}
        </ControlButton>
      </div>
      <div className={styles.controlGroup}>
        <ControlButton command="back_question" watch={watch} disabled={state.questionIndex <= 0} testId="quiz-back">
          <ArrowLeftIcon />
          {t("action.back")}
        </ControlButton>
        {last ? (
          <ControlButton command="final" watch={watch} primary testId="quiz-final">
            <TrophyIcon />
            {t("action.final")}
          </ControlButton>
        ) : (
          <ControlButton command="next_question" watch={watch} primary testId="quiz-next">
            {t("action.next")}
            <ArrowRightIcon />
          </ControlButton>
        )}
      </div>
    </nav>
  );
}

/**
 * Spec §2 podium: `screen-podium` and the moderator's `podium` after a question (Back, Next or
 * the final podium), and `final-podium` at the end.
 */
export function PodiumPage(props: LiveQuizPageProps & { final: boolean }) {
  const { t } = useTranslation("quiz");
  const { slug, event, presentation, variant, final, token } = props;
  const { watch, password } = useLiveQuiz(props);
  const alert = useWatchAlert(watch);
  const state = watch.state;
  const last = state ? state.questionIndex >= state.questions.length - 1 : true;
  return (
    <QuizStage
      event={event}
      title={final ? t("podium.final-title") : t("podium.title")}
      subtitle={presentation.name}
      aside={<ConnectionBadge status={watch.status} />}
      testId={final ? "quiz-final-podium" : variant === "screen" ? "quiz-screen-podium" : "quiz-moderator-podium"}
    >
      {state ? <PodiumScreen state={state} final={final} /> : <Loading />}
      {variant === "moderator" && state && !final ? (
        <nav className={styles.controls} aria-label={t("controls.label")} data-testid="quiz-controls">
          <div className={styles.controlGroup}>
            <ControlButton command="back" watch={watch} testId="quiz-podium-back">
              <ArrowLeftIcon />
              {t("action.back")}
            </ControlButton>
          </div>
          <div className={styles.controlGroup}>
            <ControlButton command="final" watch={watch} testId="quiz-final">
              <TrophyIcon />
              {t("action.final")}
            </ControlButton>
            <ControlButton command="next_question" watch={watch} primary disabled={last} testId="quiz-next">
              {t("action.next")}
              <ArrowRightIcon />
            </ControlButton>
          </div>
        </nav>
      ) : null}
      {variant === "moderator" && final ? (
        <nav className={styles.controls} aria-label={t("controls.label")}>
          {token ? <RerunButton presentationId={presentation._id} token={token} password={password} /> : null}
          <AppLink className={buttons.secondary} href={`/${slug}/${presentation._id}/quiz-moderator`}>
            {t("action.close")}
          </AppLink>
        </nav>
      ) : null}
      <StageAlert message={alert} />
    </QuizStage>
  );
}
