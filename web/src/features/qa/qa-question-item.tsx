import type { QaQuestion } from "@core/qa/changes";
import { mayReword } from "@core/qa/rules";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { Chip } from "../../components/chip";
import {
  ArrowUpIcon,
  BroadcastIcon,
  CheckIcon,
  ClockIcon,
  EyeIcon,
  EyeOffIcon,
  PencilIcon,
  UndoIcon,
} from "../../components/icons";
import type { ApiError } from "../../lib/api";
import { formatTime } from "../../lib/date-time-format";
import styles from "./qa-panel.module.css";
import { QaQuestionEditor } from "./qa-question-editor";

export interface QaItemActions {
  vote(question: QaQuestion): void;
  decide(question: QaQuestion, decision: { status?: "open" | "answered"; hidden?: boolean }): void;
  feature(questionId: number | null): void;
  /** The server's refusal, or null once reworded. */
  reword(question: QaQuestion, text: string): Promise<ApiError | null>;
}

/**
 * One question: its votes (a toggle for members who may vote), its text and who asked, Edit for
 * the asker while nobody voted for it and it is not answered or hidden, and the moderator's
 * decisions on it. A pending one (the asker's own, or the queue's) is marked so and takes no vote. Votes are read first, as on Slido, so a sorted list reads as a ranking.
 */
export function QaQuestionItem({
  question,
  canVote,
  canModerate,
  featured,
  actions,
}: {
  question: QaQuestion;
  canVote: boolean;
  canModerate: boolean;
  featured: boolean;
  actions: QaItemActions;
}) {
  const { t, i18n } = useTranslation("qa");
  const time = formatTime(new Date(question.created_at), i18n.language);
  const votable = canVote && question.status === "open" && !question.hidden;
  const [editing, setEditing] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const editable = question.asked_by_user && mayReword(question);
  // Awaiting approval: no votes yet, set apart from the list it will join.
  const pending = question.status === "pending";
  const closeEditor = () => {
    setEditing(false);
    // Focus goes back where the editor was opened from (the editor's box is gone).
    requestAnimationFrame(() => item.current?.querySelector<HTMLElement>("[data-testid='qa-edit']")?.focus());
  };
  return (
    <li
      ref={item}
      className={pending ? `${styles.item} ${styles.pending}` : styles.item}
      data-testid="qa-question"
      data-question-id={question.id}
    >
      {pending ? null : (
        <div className={styles.votes}>
          {votable ? (
            <Button
              variant={question.voted_by_user ? "primary" : "secondary"}
              className={styles.voteButton}
              icon={<ArrowUpIcon />}
              aria-label={t(question.voted_by_user ? "vote.remove" : "vote.add", { votes: question.votes })}
              onPress={() => actions.vote(question)}
              data-testid="qa-vote"
              data-voted={question.voted_by_user || undefined}
            >
              <span data-testid="qa-votes">{question.votes}</span>
            </Button>
          ) : (
            <span className={styles.voteCount} data-testid="qa-votes">
              {t("votes", { count: question.votes })}
            </span>
          )}
        </div>
      )}
      <div className={styles.body}>
        {editing ? null : (
          <p className={styles.text} data-testid="qa-text">
            {question.question}
          </p>
        )}
        <p className={styles.meta}>
          <span>{question.author ?? t("author.anonymous")}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={new Date(question.created_at).toISOString()}>{time}</time>
          {pending ? (
            <Chip tone="warning" icon={<ClockIcon />} data-testid="qa-pending">
              {t("flag.pending")}
            </Chip>
          ) : null}
          {featured ? (
            <Chip tone="brand" icon={<BroadcastIcon />} data-testid="qa-featured">
              {t("flag.featured")}
            </Chip>
          ) : null}
        </p>
      </div>
      {editing ? (
        <QaQuestionEditor
          initial={question.question}
          onSave={(text) => actions.reword(question, text)}
          onClose={closeEditor}
        />
      ) : null}
      {(editable && !editing) || canModerate ? (
        <div className={styles.actions}>
          {editable && !editing ? (
            <Button
              variant="ghost"
              icon={<PencilIcon />}
              aria-label={t("edit.open-label")}
              onPress={() => setEditing(true)}
              data-testid="qa-edit"
            >
              {t("edit.open")}
            </Button>
          ) : null}
          {canModerate && question.status === "pending" ? (
            <Button
              variant="secondary"
              icon={<CheckIcon />}
              onPress={() => actions.decide(question, { status: "open" })}
              data-testid="qa-approve"
            >
              {t("moderate.approve")}
            </Button>
          ) : null}
          {canModerate && question.status === "open" && !question.hidden ? (
            <Button
              variant="secondary"
              icon={<CheckIcon />}
              onPress={() => actions.decide(question, { status: "answered" })}
              data-testid="qa-answered"
            >
              {t("moderate.answered")}
            </Button>
          ) : null}
          {canModerate && question.status === "answered" && !question.hidden ? (
            <Button variant="ghost" icon={<UndoIcon />} onPress={() => actions.decide(question, { status: "open" })}>
              {t("moderate.reopen")}
            </Button>
          ) : null}
          {canModerate && question.status !== "pending" && !question.hidden ? (
            <Button
              variant="ghost"
              icon={<BroadcastIcon />}
              onPress={() => actions.feature(featured ? null : question.id)}
              data-testid="qa-feature"
            >
              {t(featured ? "moderate.unfeature" : "moderate.feature")}
            </Button>
          ) : null}
          {canModerate ? (
            <Button
              variant="ghost"
              icon={question.hidden ? <EyeIcon /> : <EyeOffIcon />}
              onPress={() => actions.decide(question, { hidden: !question.hidden })}
              data-testid="qa-hide"
            >
              {t(question.hidden ? "moderate.show" : "moderate.hide")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
