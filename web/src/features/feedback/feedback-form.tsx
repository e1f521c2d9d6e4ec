import { FEEDBACK_COMMENT_MAX_LENGTH } from "@core/feedback/feedback-input";
import { feedbackPhase } from "@core/feedback/feedback-window";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventCaller } from "../../app-state/event-caller";
import buttons from "../../components/button.module.css";
import { Notice } from "../../components/notice";
import { type ApiError, asApiError } from "../../lib/api";
import { formatDateTime } from "../../lib/date-time-format";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import styles from "./feedback.module.css";
import { fetchOwnFeedback, type OwnFeedbackView, saveOwnFeedback } from "./feedback-api";
import { StarRating } from "./star-rating";

/**
 * A member's rating of a talk (issue 32): before the talk's start it says when feedback opens;
 * from then until the event's end, stars, an optional comment and Save (editable); after the end,
 * the member's rating read-only. A talk's own speaker gets nothing here.
 */
export function FeedbackForm({
  presentationId,
  caller,
  timeZone,
}: {
  presentationId: number;
  caller: EventCaller;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("feedback");
  const errorText = useApiErrorText();
  const titleId = useId();
  const commentId = useId();
  const hintId = useId();
  const [view, setView] = useState<OwnFeedbackView | null>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [outcome, setOutcome] = useState<{ tone: "success" | "danger"; text: string } | null>(null);
  const [loadFailure, setLoadFailure] = useState<ApiError | null>(null);
  const [pending, run] = useSingleFlight();

  useEffect(() => {
    const abort = new AbortController();
    fetchOwnFeedback(presentationId, caller, abort.signal).then(
      (loaded) => {
        setView(loaded);
        setRating(loaded.feedback?.rating ?? null);
        setComment(loaded.feedback?.comment ?? "");
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setLoadFailure(asApiError(error));
      },
    );
    return () => abort.abort();
  }, [presentationId, caller]);

  if (!view) {
    return loadFailure ? (
      <Notice tone="danger" testId="feedback-error">
        {errorText(loadFailure)}
      </Notice>
    ) : null;
  }
  if (view.ownTalk) return null;

  const phase = feedbackPhase(view, Date.now());
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) {
      setOutcome({ tone: "danger", text: t("rating.required") });
      return;
    }
    run(async () => {
      setOutcome(null);
      try {
        const saved = await saveOwnFeedback(presentationId, caller, { rating, comment });
        setView(saved);
        setComment(saved.feedback?.comment ?? "");
        setOutcome({ tone: "success", text: t("saved") });
      } catch (error) {
        setOutcome({ tone: "danger", text: errorText(asApiError(error)) });
      }
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="feedback-form" data-phase={phase}>
      <h2 id={titleId} className={styles.title}>
        {t("title")}
      </h2>
      {phase === "before" ? (
        <p className={styles.note} data-testid="feedback-opens-at">
          {t("opens-at", { when: formatDateTime(new Date(view.opensAt), i18n.language, timeZone) })}
        </p>
      ) : phase === "closed" ? (
        view.feedback ? (
          <>
            <StarRating value={view.feedback.rating} readOnly />
            {view.feedback.comment ? (
              <p className={styles.comment} data-testid="feedback-own-comment">
                {view.feedback.comment}
              </p>
            ) : null}
            <p className={styles.note} data-testid="feedback-closed">
              {t("closed")}
            </p>
          </>
        ) : (
          <p className={styles.note} data-testid="feedback-closed">
            {t("closed.none")}
          </p>
        )
      ) : (
        <form className={styles.form} onSubmit={save} noValidate>
          <StarRating value={rating} onChange={setRating} />
          <div className={styles.field}>
            <label htmlFor={commentId} className={styles.label}>
              {t("comment.label")}
            </label>
            <textarea
              id={commentId}
              className={styles.textarea}
              value={comment}
              maxLength={FEEDBACK_COMMENT_MAX_LENGTH}
              aria-describedby={hintId}
              onChange={(event) => setComment(event.target.value)}
              data-testid="feedback-comment"
            />
            <p id={hintId} className={styles.hint}>
              {t("comment.hint", { max: FEEDBACK_COMMENT_MAX_LENGTH })}
            </p>
          </div>
          <div className={styles.bar}>
            <button
              type="submit"
              className={buttons.primary}
              disabled={pending}
              aria-busy={pending}
              data-testid="feedback-save"
            >
              {t("save")}
            </button>
          </div>
        </form>
      )}
      {outcome ? (
        <Notice tone={outcome.tone} testId={outcome.tone === "success" ? "feedback-saved" : "feedback-error"}>
          {outcome.text}
        </Notice>
      ) : null}
    </section>
  );
}
