import type { PlayerView } from "@core/protocol/quiz";
import type { PublicQuizQuestion } from "@core/quiz/public-questions";
import { PODIUM_STAGE_SIZE } from "@core/quiz/selectors";
import type { PublicEvent, PublicPresentation } from "@core/schedule/public-schedule";
import { useBlocker, useRouter } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useSession } from "../../app-state/session";
import { Button, ButtonLink } from "../../components/button";
import { AnswerOptions, OptionLetter } from "../../components/quiz/answer-options";
import { isSelectionComplete, toggleOption } from "../../components/quiz/answer-selection";
import { optionColor } from "../../components/quiz/option-layout";
import { QuestionMedia } from "../../components/quiz/question-media";
import {
  ChartIcon,
  CheckIcon,
  CrossIcon,
  HourglassIcon,
  PauseIcon,
  TrophyIcon,
} from "../../components/quiz/quiz-icons";
import { useNow } from "../../components/quiz/use-now";
import { useQuizEntryText } from "../../components/quiz/use-quiz-entry-text";
import { useRankText } from "../../components/quiz/use-rank-text";
import { useSecondsFormat } from "../../components/quiz/use-seconds-format";
import { ApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useQuizEntry } from "../../lib/use-quiz-status";
import { MemberJoinForm } from "./member-join-form";
import styles from "./player-page.module.css";
import { type QuizPlayerSession, readElapsed, useQuizPlayer, writeElapsed } from "./player-session";
import { QuizStage } from "./quiz-stage";
import { useLasting } from "./use-lasting";
import { type PlayerRoom, usePlayerRoom } from "./use-player-room";
import { useQuizTexts } from "./use-quiz-texts";
import { WaitingDots } from "./waiting-dots";

/** Spec §8: a failed answer removes the stored timer after 2 s. */
const FAILED_TIMER_CLEAR_MS = 2_000;

interface PlayerPageProps {
  slug: string;
  event: PublicEvent;
  presentation: PublicPresentation;
}

/**
 * The attendee's live quiz (`quiz-intro`): the waiting page until the quiz starts, then each
 * question, the waiting message, the result, and the podium, all on this one page, which the
 * browser's back button cannot leave.
 */
export function PlayerPage(props: PlayerPageProps) {
  const [player, setPlayer] = useQuizPlayer(props.slug);
  const [expired, setExpired] = useState(false);
  if (!player || player.presentationId !== props.presentation._id) {
    return <JoinPrompt {...props} expired={expired} onJoined={setPlayer} />;
  }
  return (
    <PlayerGame
      key={player.token}
      {...props}
      player={player}
      onExpired={() => {
        setPlayer(null);
        setExpired(true);
      }}
    />
  );
}

/**
 * Not playing yet: a signed-in attendee joins here in one tap under their profile name, while the
 * live quiz's lobby is open or it runs (otherwise the page says what and when); a visitor without
 * an account goes to the code and nickname page. Either way, a link leads back to the talk.
 */
function JoinPrompt({
  slug,
  event,
  presentation,
  expired,
  onJoined,
}: PlayerPageProps & { expired: boolean; onJoined: (player: QuizPlayerSession) => void }) {
  const { t } = useTranslation("quiz");
  const [session] = useSession(slug);
  const password = useAtomValue(eventPasswordAtom(slug));
  const entry = useQuizEntry(presentation._id, session !== null);
  const entryText = useQuizEntryText();
  return (
    <QuizStage
      event={event}
      title={t("lobby.title")}
      subtitle={presentation.name}
      size="phone"
      testId="quiz-join-prompt"
    >
      <div className={styles.center}>
        {session ? (
          entry === null ? (
            <p role="status">{t("connection.connecting")}</p>
          ) : entry.kind === "join-live" ? (
            <>
              <p className={styles.bigText}>{expired ? t("player.expired") : t("player.join-as-member")}</p>
              <MemberJoinForm
                presentationId={presentation._id}
                profileName={session.user.name}
                access={{ token: session.token, password }}
                onJoined={onJoined}
              />
            </>
          ) : entry.kind === "self-paced" ? (
            <>
              <p className={styles.bigText}>{t("player.self-paced")}</p>
              <ButtonLink
                stage
                size="large"
                href={`/${slug}/${presentation._id}/quiz`}
                data-testid="quiz-self-paced-link"
              >
                {t("player.play")}
              </ButtonLink>
            </>
          ) : (
            // Nothing to join now: what and when, rather than a form that would be refused.
            <p className={styles.bigText} data-entry={entry.kind} data-testid="quiz-join-unavailable">
              {entryText(entry)}
            </p>
          )
        ) : (
          <>
            <p className={styles.bigText}>{expired ? t("player.expired") : t("player.not-joined")}</p>
            <ButtonLink stage size="large" href={`/${slug}/quiz-live`} data-testid="quiz-join-link">
              {t("player.join")}
            </ButtonLink>
          </>
        )}
        <BackToTalk slug={slug} presentationId={presentation._id} />
      </div>
    </QuizStage>
  );
}

/** The way back from the quiz's waiting page to the talk's page. */
function BackToTalk({ slug, presentationId }: { slug: string; presentationId: number }) {
  const { t } = useTranslation("quiz");
  return (
    <ButtonLink stage variant="secondary" href={`/${slug}/${presentationId}`} data-testid="quiz-back-to-talk">
      {t("player.back-to-talk")}
    </ButtonLink>
  );
}

function PlayerGame({
  slug,
  event,
  presentation,
  player,
  onExpired,
}: PlayerPageProps & { player: QuizPlayerSession; onExpired: () => void }) {
  const { t, i18n } = useTranslation("quiz");
  const room = usePlayerRoom(presentation._id, player.token);
  const password = useAtomValue(eventPasswordAtom(slug));
  const view = room.view;
  const texts = useQuizTexts(presentation._id, password, view?.question?.id ?? null);
  useBackBlocked();
  const offline = useLasting(room.status === "reconnecting");

  // After the moderator reset the quiz the player is no longer in the run: they join it again.
  const leftRun = view !== null && !view.joined && view.phase !== "final";
  useEffect(() => {
    if (room.expired || leftRun) onExpired();
  }, [room.expired, leftRun, onExpired]);

  const points = new Intl.NumberFormat(i18n.language).format(view?.points ?? 0);
  return (
    <QuizStage
      event={event}
      title={player.name}
      subtitle={presentation.name}
      size="phone"
      testId="quiz-player"
      aside={
        <span className={styles.score} data-testid="quiz-player-points">
          {t("player.points", { points })}
        </span>
      }
    >
      {offline ? (
        <p className={styles.offline} role="status" data-testid="quiz-player-offline">
          {t("connection.reconnecting")}
        </p>
      ) : null}
      {!view ? (
        <p className={styles.center} role="status">
          {t("connection.connecting")}
        </p>
      ) : view.phase === "lobby" ? (
        <>
          <Intro name={player.name} presentationName={presentation.name} />
          <div className={styles.center}>
            <BackToTalk slug={slug} presentationId={presentation._id} />
          </div>
        </>
      ) : view.phase === "podium" || view.phase === "final" ? (
        <Standing view={view} final={view.phase === "final"} />
      ) : view.question ? (
        <PlayerQuestion
          key={view.question.id}
          view={view}
          receivedAt={room.receivedAt}
          room={room}
          text={texts.get(view.question.id)}
          playerId={player.playerId}
        />
      ) : null}
    </QuizStage>
  );
}

/**
 * Spec §4: back navigation is blocked while playing. A step back within the app is undone by the
 * router's blocker; so that Back never leaves the app (to the page before, which nothing could
 * stop), the page first stands on a second entry of its own.
 */
function useBackBlocked() {
  const router = useRouter();
  useEffect(() => {
    const { href, state } = router.history.location;
    if (!(state as { quizGuard?: boolean }).quizGuard) router.history.push(href, { quizGuard: true });
  }, [router]);
  useBlocker({ shouldBlockFn: ({ action }) => action === "BACK", enableBeforeUnload: false });
}

function Intro({ name, presentationName }: { name: string; presentationName: string }) {
  const { t } = useTranslation("quiz");
  return (
    <div className={styles.center} data-testid="quiz-intro">
      <p className={styles.presentation}>{presentationName}</p>
      <span className={styles.avatar} aria-hidden="true">
        {[...name][0]?.toUpperCase()}
      </span>
      {/* Whole here, as the big screen shows it: the header's line may have had to cut it. */}
      <p className={styles.nickname} data-testid="quiz-intro-name">
        {name}
      </p>
      <p className={styles.bigText}>{t("player.success")}</p>
      <p className={styles.text}>{t("player.logged-in")}</p>
      <p className={styles.waiting}>
        {t("player.waiting-start")}
        <WaitingDots />
      </p>
      <p className={styles.hint}>{t("player.see-screen")}</p>
    </div>
  );
}

function Standing({ view, final }: { view: PlayerView; final: boolean }) {
  const { t, i18n } = useTranslation("quiz");
  const rankText = useRankText();
  const points = new Intl.NumberFormat(i18n.language).format(view.points);
  // Points make a place: with none, a player's rank is only their line in the list, not a standing.
  const rank = view.points > 0 ? view.rank : null;
  const onPodium = rank !== null && rank <= PODIUM_STAGE_SIZE;
  return (
    <div className={styles.center} data-testid={final ? "quiz-player-final" : "quiz-player-podium"}>
      {onPodium ? (
        <TrophyIcon className={styles.trophy} width={88} height={88} data-testid="quiz-player-trophy" />
      ) : (
        <span className={styles.bubble} aria-hidden="true">
          <ChartIcon width={56} height={56} />
        </span>
      )}
      <p className={styles.bigText}>{final ? t("player.final") : t("player.podium")}</p>
      {rank !== null ? (
        <p className={styles.rank} data-testid="quiz-player-rank">
          {t("player.standing", { rank: rankText(rank), points })}
        </p>
      ) : (
        <p className={styles.text}>{t("player.no-rank")}</p>
      )}
      {final ? <p className={styles.hint}>{t("player.thanks")}</p> : null}
    </div>
  );
}

function PlayerQuestion({
  view,
  receivedAt,
  room,
  text,
  playerId,
}: {
  view: PlayerView;
  receivedAt: number;
  room: PlayerRoom;
  text: PublicQuizQuestion | undefined;
  playerId: string;
}) {
  const { t } = useTranslation("quiz");
  const errorText = useApiErrorText();
  const question = view.question as NonNullable<PlayerView["question"]>;
  const [selected, setSelected] = useState<number[]>(view.myAnswer?.optionIds ?? []);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [frozenMs, setFrozenMs] = useState<number | null>(() => readElapsed(playerId, question.id));
  const answering = view.phase === "answering";
  const answered = view.myAnswer !== null;
  const locked = !answering || answered || submitting;
  const now = useNow(!locked && frozenMs === null);
  const remainingMs = Math.max(0, question.remainingMs - (answering ? now - receivedAt : 0));
  const needed = text?.answer_count ?? 1;
  const seconds = useSecondsFormat();
  const position = t("question.position", { index: question.index + 1, total: question.count });

  const submit = async (optionIds: number[]) => {
    if (submitting || answered || !answering) return;
    if (optionIds.length === 0) {
      setError(t("answer.select-one"));
      return;
    }
    setSubmitting(true);
    setError(null);
    const spent = question.limitMs - remainingMs;
    setFrozenMs(spent);
    writeElapsed(playerId, question.id, spent);
    const refused = await room.answer(question.id, optionIds);
    setSubmitting(false);
    if (refused) {
      setError(errorText(new ApiError(0, refused, refused)));
      setTimeout(() => {
        writeElapsed(playerId, question.id, null);
        setFrozenMs(null);
      }, FAILED_TIMER_CLEAR_MS);
    }
  };

  const choose = (optionId: number) => {
    if (locked) return;
    setError(null);
    const next = toggleOption(selected, optionId, needed);
    if (selected.length === 0 && next.length > 0) room.count("count_in", question.id);
    if (selected.length > 0 && next.length === 0) room.count("count_out", question.id);
    setSelected(next);
    // Spec §4: the answer locks once as many options are chosen as there are correct ones; live, that sends it.
    if (isSelectionComplete(next, needed)) void submit(next);
  };

  if (question.correctOptionIds !== null) {
    return <PlayerResult view={view} question={question} text={text} position={position} />;
  }

  // The time left, counting down with the bar below it and the big screen's circle.
  const countdown = question.isSurvey ? null : (
    <span
      className={styles.countdown}
      role="timer"
      aria-label={t("answer.time-left")}
      data-running={!locked}
      data-testid="quiz-player-timer"
    >
      {t("answer.seconds", { seconds: seconds(remainingMs) })}
    </span>
  );

  if (answered || view.phase === "closed") {
    return (
      <div className={styles.center} data-testid={answered ? "quiz-player-answered" : "quiz-player-time-up"}>
        <span className={styles.position}>{position}</span>
        <span className={`${styles.bubble} ${answered ? styles.bubbleDone : ""}`} aria-hidden="true">
          {answered ? <CheckIcon width={56} height={56} /> : <HourglassIcon width={56} height={56} />}
        </span>
        <p className={styles.bigText}>{answered ? t("answer.sent") : t("answer.time-up")}</p>
        {answered && frozenMs !== null && !question.isSurvey ? (
          <p className={styles.text}>{t("answer.sent-in", { seconds: seconds(frozenMs) })}</p>
        ) : null}
        <p className={styles.waiting}>
          {t("answer.waiting-results")}
          <WaitingDots />
        </p>
      </div>
    );
  }

  return (
    <form
      className={styles.answer}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(selected);
      }}
      data-testid="quiz-answer-form"
    >
      <div className={styles.answerHead}>
        <span className={styles.position}>{position}</span>
        {countdown}
      </div>
      <div className={styles.remaining} aria-hidden="true">
        <span style={{ inlineSize: `${question.limitMs > 0 ? (remainingMs / question.limitMs) * 100 : 0}%` }} />
      </div>
      <h2 className={styles.questionText} data-testid="quiz-player-question">
        {text?.question ?? position}
      </h2>
      {text ? <QuestionMedia question={text} variant="player" className={styles.image} /> : null}
      {view.phase === "paused" ? (
        <p className={styles.paused} role="status">
          <PauseIcon />
          {t("answer.paused")}
        </p>
      ) : null}
      {needed > 1 ? <p className={styles.hint}>{t("answer.choose", { count: needed })}</p> : null}
      <AnswerOptions
        legend={text?.question ?? position}
        options={question.optionIds.map((id) => ({
          id,
          option: text?.options.find((option) => option.id === id)?.option ?? "",
        }))}
        selected={selected}
        disabled={locked}
        multiple={needed > 1}
        complete={isSelectionComplete(selected, needed)}
        onChoose={choose}
      />
      {error ? (
        <p className={styles.error} role="alert" data-testid="quiz-answer-error">
          {error}
        </p>
      ) : null}
      {needed > 1 ? (
        <Button
          type="submit"
          stage
          size="large"
          className={styles.submit}
          isDisabled={locked}
          data-testid="quiz-answer-submit"
        >
          {t("answer.submit")}
        </Button>
      ) : null}
    </form>
  );
}

function PlayerResult({
  view,
  question,
  text,
  position,
}: {
  view: PlayerView;
  question: NonNullable<PlayerView["question"]>;
  text: PublicQuizQuestion | undefined;
  position: string;
}) {
  const { t, i18n } = useTranslation("quiz");
  const rankText = useRankText();
  const format = new Intl.NumberFormat(i18n.language);
  const answer = view.myAnswer;
  const outcome = question.isSurvey ? "survey" : !answer ? "none" : answer.correct ? "correct" : "wrong";
  const correctIds = question.correctOptionIds ?? [];
  const title = {
    survey: t("result.survey"),
    none: t("result.none"),
    correct: t("result.correct"),
    wrong: t("result.wrong"),
  }[outcome];
  return (
    <div className={styles.result} data-outcome={outcome} data-testid="quiz-player-result">
      <span className={styles.position}>{position}</span>
      <span className={styles.resultIcon} aria-hidden="true">
        {outcome === "correct" || outcome === "survey" ? (
          <CheckIcon width={64} height={64} />
        ) : (
          <CrossIcon width={64} height={64} />
        )}
      </span>
      <p className={styles.resultTitle} data-testid="quiz-player-outcome">
        {title}
      </p>
      {outcome === "correct" && answer ? (
        <p className={styles.gain} data-testid="quiz-player-gain">
          {t("result.gain", { points: format.format(answer.points) })}
        </p>
      ) : null}
      {outcome === "wrong" || outcome === "none" ? (
        <div className={styles.rightAnswers}>
          <p className={styles.text}>{t("result.right-answer", { count: correctIds.length })}</p>
          <ul className={styles.rightAnswerList}>
            {question.optionIds.map((optionId, index) =>
              correctIds.includes(optionId) ? (
                <li key={optionId} style={optionColor(index)}>
                  <OptionLetter index={index} />
                  {text?.options.find((option) => option.id === optionId)?.option ?? ""}
                </li>
              ) : null,
            )}
          </ul>
        </div>
      ) : null}
      <p className={styles.total}>
        {view.rank !== null && view.points > 0
          ? t("player.standing", { rank: rankText(view.rank), points: format.format(view.points) })
          : t("player.total", { points: format.format(view.points) })}
      </p>
    </div>
  );
}
