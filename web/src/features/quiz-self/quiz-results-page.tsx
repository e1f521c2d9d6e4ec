import type { QuizResultsView } from "@core/quiz/leaderboard-table";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEventCaller } from "../../app-state/event-caller";
import { FileDownloadButton } from "../../components/file-download-button";
import { ClockIcon } from "../../components/icons";
import { type ApiError, asApiError } from "../../lib/api";
import { Leaderboard } from "./leaderboard";
import styles from "./quiz-results-page.module.css";
import { LoadFailedNotice, LoadingStatus, QuizSelfNotice } from "./quiz-self-notice";
import { fetchQuizResults, fetchResultsCsv } from "./self-paced-api";
import { VoteBars } from "./vote-bars";

/**
 * Spec §2 `quiz-results`: the leaderboard beside the votes of every question, for the live quiz
 * and the self-paced answers together; Export CSV for those who manage the quiz. Before the
 * results open, a notice says so.
 */
export function QuizResultsPage({
  presentationId,
  token,
  canExport,
}: {
  presentationId: number;
  token: string;
  canExport: boolean;
}) {
  const { t } = useTranslation(["quiz-self", "common", "errors"]);
  const [results, setResults] = useState<QuizResultsView | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const caller = useEventCaller(token);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchQuizResults(presentationId, caller, signal)
        .then((view) => {
          setResults(view);
          setFailure(null);
        })
        .catch((error) => {
          if (!signal?.aborted) setFailure(asApiError(error));
        }),
    [presentationId, caller],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  if (failure?.code === "results-not-open") {
    return (
      <QuizSelfNotice icon={<ClockIcon />} title={t("quiz-self:results.not-open")} testId="quiz-results-not-open">
        {t("errors:results-not-open")}
      </QuizSelfNotice>
    );
  }
  if (failure) return <LoadFailedNotice failure={failure} onRetry={() => void load()} testId="quiz-results-failed" />;
  if (!results) return <LoadingStatus />;
  return (
    <div className={styles.page} data-testid="quiz-results">
      <div className={styles.head}>
        <h2 className={styles.title}>{t("quiz-self:results.title")}</h2>
        {canExport ? (
          <FileDownloadButton
            label={t("quiz-self:results.export")}
            fileName={`quiz-results-${presentationId}.csv`}
            fetchFile={() => fetchResultsCsv(presentationId, caller)}
            testId="quiz-results-export"
          />
        ) : null}
      </div>
      <div className={styles.layout}>
        <aside className={styles.sidebar}>
          <Leaderboard rows={results.leaderboard} />
        </aside>
        <section className={styles.questions} aria-label={t("quiz-self:results.questions")}>
          {results.questions.length === 0 ? (
            <p className={styles.empty}>{t("quiz-self:empty.title")}</p>
          ) : (
            results.questions.map((question, index) => (
              <VoteBars key={question.id} question={question} position={index + 1} count={results.questions.length} />
            ))
          )}
        </section>
      </div>
    </div>
  );
}
