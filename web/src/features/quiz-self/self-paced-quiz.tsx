import type { SelfPacedView } from "@core/quiz/self-paced";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEventCaller } from "../../app-state/event-caller";
import { ButtonLink } from "../../components/button";
import { BroadcastIcon, CheckCircleIcon, ClockIcon, QuestionCircleIcon } from "../../components/icons";
import { useQuizEntryText } from "../../components/quiz/use-quiz-entry-text";
import { type ApiError, asApiError } from "../../lib/api";
import { useQuizStatus } from "../../lib/use-quiz-status";
import { LoadFailedNotice, LoadingStatus, QuizSelfNotice } from "./quiz-self-notice";
import { fetchSelfPaced, submitSelfPacedAnswer } from "./self-paced-api";
import { SelfPacedQuestion } from "./self-paced-question";
import { SelfPacedReview } from "./self-paced-review";

/** The view and when it arrived: the question's timer runs from there. */
interface Loaded {
  view: SelfPacedView;
  receivedAt: number;
}

/**
 * Spec §2 `quiz`, §4 non-live view: the attendee's quiz when it is not live. Without questions,
 * "No quiz yet". Live (the spec's 'Live mode, WIP'): a way into the live quiz (its waiting page,
 * where a signed-in attendee joins in one tap) only while its lobby is open or it runs; before,
 * that it will be played on the big screen during the talk; after, that it is over, with its
 * results. Not available outside the questions and results windows (with the opening time when
 * it is to come); else the unanswered questions one at a time, in order, then every question with
 * its marks once the results open.
 * Each answer reloads the view: the server decides what comes next.
 */
export function SelfPacedQuiz({
  slug,
  presentationId,
  token,
}: {
  slug: string;
  presentationId: number;
  token: string;
}) {
  const { t } = useTranslation(["quiz-self", "quiz", "common"]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  // Once the user has answered here, what replaces the question takes the keyboard focus.
  const [answeredHere, setAnsweredHere] = useState(false);
  const caller = useEventCaller(token);
  // Whether a live quiz runs now, and when the questions open: the public status the entries read.
  const status = useQuizStatus(presentationId, true);
  const entryText = useQuizEntryText();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      const view = await fetchSelfPaced(presentationId, caller, signal);
      setLoaded({ view, receivedAt: Date.now() });
      setFailure(null);
    },
    [presentationId, caller],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).catch((error) => {
      if (!controller.signal.aborted) setFailure(asApiError(error));
    });
    return () => controller.abort();
  }, [load]);

  const answer = async (questionId: number, optionIds: number[]) => {
    try {
      await submitSelfPacedAnswer(presentationId, caller, questionId, optionIds);
      setAnsweredHere(true);
    } catch (error) {
      const refusal = asApiError(error);
      // Refusals that mean the quiz moved on (answered elsewhere, window closed, gone live): show where it is now.
      if (refusal.status !== 409 && refusal.status !== 403 && refusal.status !== 404) throw refusal;
      await load().catch(() => undefined);
      throw refusal;
    }
    await load();
  };

  if (failure && !loaded) {
    return (
      <LoadFailedNotice
        failure={failure}
        onRetry={() => load().catch((error) => setFailure(asApiError(error)))}
        testId="quiz-self-failed"
      />
    );
  }
  if (!loaded) return <LoadingStatus />;

  const { view, receivedAt } = loaded;
  const base = `/${slug}/${presentationId}`;
  if (view.total === 0) {
    return (
      <QuizSelfNotice
        icon={<QuestionCircleIcon />}
        title={t("quiz:play.no-questions-title")}
        testId="quiz-no-questions"
      >
        {t("quiz:play.no-questions-text")}
      </QuizSelfNotice>
    );
  }
  if (view.live) {
    // Said live only while its lobby is open or it runs; else when it is played, or that it is over.
    if (!status) return <LoadingStatus />;
    if (status.live_status === "lobby" || status.live_status === "running") {
      return (
        <QuizSelfNotice
          icon={<BroadcastIcon />}
          title={t("quiz:play.live-title")}
          testId="quiz-live-wip"
          actions={
            <ButtonLink href={`${base}/quiz-intro`} data-testid="quiz-play-join">
              {t("quiz:player.join")}
            </ButtonLink>
          }
        >
          {t("quiz:play.live-text")}
        </QuizSelfNotice>
      );
    }
    if (status.live_status === "finished") {
      return (
        <QuizSelfNotice
          icon={<CheckCircleIcon />}
          title={t("quiz:play.live-finished-title")}
          testId="quiz-live-finished"
          actions={
            status.has_results ? (
              <ButtonLink href={`${base}/quiz-results`} data-testid="quiz-play-results">
                {t("quiz:play.see-results")}
              </ButtonLink>
            ) : undefined
          }
        >
          {t("quiz:play.live-finished-text")}
        </QuizSelfNotice>
      );
    }
    return (
      <QuizSelfNotice icon={<BroadcastIcon />} title={t("quiz:play.live-later-title")} testId="quiz-live-later">
        {t("quiz:play.live-later-text")}
      </QuizSelfNotice>
    );
  }
  if (!view.non_live_questions_active && !view.non_live_results_active) {
    const opensAt = status?.questions_open_at ?? null;
    return (
      <QuizSelfNotice icon={<ClockIcon />} title={t("quiz:play.soon-text")} testId="quiz-soon">
        {opensAt ? entryText({ kind: "opens-at", at: opensAt }) : undefined}
      </QuizSelfNotice>
    );
  }
  if (view.question) {
    const question = view.question;
    return (
      <SelfPacedQuestion
        key={question.id}
        question={question}
        position={view.answered + 1}
        total={view.total}
        timerSeconds={view.timer}
        receivedAt={receivedAt}
        takeFocus={answeredHere}
        onSubmit={(optionIds) => answer(question.id, optionIds)}
      />
    );
  }
  if (view.results) {
    return <SelfPacedReview results={view.results} resultsHref={`${base}/quiz-results`} takeFocus={answeredHere} />;
  }
  const allAnswered = view.total > 0 && view.answered === view.total;
  return allAnswered ? (
    <QuizSelfNotice
      icon={<CheckCircleIcon />}
      title={t("quiz-self:done.title")}
      takeFocus={answeredHere}
      testId="quiz-self-done"
    >
      {t("quiz-self:done.text")}
    </QuizSelfNotice>
  ) : (
    <QuizSelfNotice icon={<QuestionCircleIcon />} title={t("quiz-self:empty.title")} testId="quiz-self-empty" />
  );
}
