import type { FeedbackSummary } from "@core/feedback/feedback-summary";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventCaller } from "../../app-state/event-caller";
import { Notice } from "../../components/notice";
import { type ApiError, asApiError } from "../../lib/api";
import { formatNumericDate } from "../../lib/date-time-format";
import { useApiErrorText } from "../../lib/use-api-error-text";
import styles from "./feedback.module.css";
import { fetchFeedbackSummary } from "./feedback-api";

/** Stars from five down to one: the chart reads best first. */
const BARS = [5, 4, 3, 2, 1];

function SummaryView({ summary, timeZone }: { summary: FeedbackSummary; timeZone: string }) {
  const { t, i18n } = useTranslation("feedback");
  const highest = Math.max(1, ...summary.distribution);
  if (summary.count === 0) {
    return (
      <p className={styles.note} data-testid="feedback-summary-empty">
        {t("summary.none")}
      </p>
    );
  }
  return (
    <>
      <p className={styles.headline}>
        <span className="visually-hidden">{t("summary.average-label")} </span>
        <strong className={styles.average} data-testid="feedback-summary-average">
          {t("summary.average", { average: summary.average?.toLocaleString(i18n.language) })}
        </strong>
        <span data-testid="feedback-summary-count">{t("summary.count", { count: summary.count })}</span>
      </p>
      <ul className={styles.chart} aria-label={t("summary.distribution")}>
        {BARS.map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0;
          return (
            <li key={stars} className={styles.chartRow} data-testid={`feedback-bar-${stars}`}>
              <span className="visually-hidden">{t("summary.bar", { stars, count })}</span>
              <span className={styles.chartLabel} aria-hidden="true">
                {stars}★
              </span>
              <span className={styles.chartTrack} aria-hidden="true">
                <span className={styles.chartFill} style={{ width: `${(count / highest) * 100}%` }} />
              </span>
              <span className={styles.chartCount} aria-hidden="true">
                {count}
              </span>
            </li>
          );
        })}
      </ul>
      <h3 className={styles.subtitle}>{t("summary.comments")}</h3>
      {summary.comments.length === 0 ? (
        <p className={styles.note}>{t("summary.no-comments")}</p>
      ) : (
        <ul className={styles.comments} data-testid="feedback-summary-comments">
          {summary.comments.map((entry, index) => (
            // Comments carry no id (who wrote them is not told); their order is the server's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className={styles.commentItem}>
              <p className={styles.comment}>{entry.comment}</p>
              <p className={styles.meta}>
                {t("summary.comment-rating", { rating: entry.rating })} ·{" "}
                {formatNumericDate(new Date(entry.updatedAt), i18n.language, timeZone)}
                {entry.author !== undefined ? ` · ${entry.author ?? t("summary.deleted-author")}` : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      {summary.authorsVisible ? null : <p className={styles.hint}>{t("summary.authors-hidden")}</p>}
    </>
  );
}

/** A talk's feedback summary, for its speakers and the event's moderators (the server refuses others). */
export function FeedbackSummaryPanel({
  presentationId,
  caller,
  timeZone,
  headingLevel = 2,
}: {
  presentationId: number;
  caller: EventCaller;
  timeZone: string;
  headingLevel?: 2 | 4;
}) {
  const { t } = useTranslation("feedback");
  const errorText = useApiErrorText();
  const titleId = useId();
  const [summary, setSummary] = useState<FeedbackSummary | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    fetchFeedbackSummary(presentationId, caller, abort.signal).then(setSummary, (failure: unknown) => {
      if (!abort.signal.aborted) setError(asApiError(failure));
    });
    return () => abort.abort();
  }, [presentationId, caller]);
  const Heading = headingLevel === 2 ? "h2" : "h4";
  return (
    <section
      className={headingLevel === 2 ? styles.panel : styles.inset}
      aria-labelledby={titleId}
      data-testid="feedback-summary"
    >
      <Heading id={titleId} className={styles.title}>
        {t("summary.title")}
      </Heading>
      {summary ? <SummaryView summary={summary} timeZone={timeZone} /> : null}
      {error ? (
        <Notice tone="danger" testId="feedback-summary-error">
          {errorText(error)}
        </Notice>
      ) : null}
    </section>
  );
}
