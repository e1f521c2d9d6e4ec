import type { EditorNotice } from "@core/chapters/model";
import { type CSSProperties, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import styles from "./chapter-editor.module.css";
import type { SaveOutcome } from "./use-chapter-editor";

const OUTCOME_KEYS = {
  saved: "editor.save.done",
  refused: "editor.save.refused",
  failed: "editor.save.failed",
  conflict: "editor.save.conflict",
  "not-ready": "editor.save.not-ready",
} as const;

/** How long the last action's message stays: a success is read at a glance, a refusal needs longer. */
const SUCCESS_MESSAGE_MS = 5000;
const ERROR_MESSAGE_MS = 9000;
/** The fade at the end of a message's life. */
const FADE_MS = 600;

/** Calls `onFaded(seq)` when message `seq` has lived `lifetime` ms (never while `lifetime` is null). */
function useFading(seq: number | undefined, lifetime: number | null, onFaded: (seq: number) => void) {
  useEffect(() => {
    if (seq === undefined || lifetime === null) return;
    const timer = window.setTimeout(() => onFaded(seq), lifetime);
    return () => window.clearTimeout(timer);
  }, [seq, lifetime, onFaded]);
}

const fadeStyle = (lifetime: number) => ({ "--fade-after": `${lifetime - FADE_MS}ms` }) as CSSProperties;

/**
 * The save bar (spec 2 §8): whether there are unsaved edits, the last action's message (an edit's,
 * an undo's or a save's; it fades), and Save. After a conflict it offers the chapters the other
 * tab saved, and that message stays until answered.
 */
export function SaveBar({
  modified,
  saving,
  notice,
  outcome,
  conflict,
  onSave,
  onTakeNewer,
  onNoticeFaded,
  onOutcomeFaded,
}: {
  modified: boolean;
  saving: boolean;
  notice: EditorNotice | null;
  outcome: { kind: SaveOutcome; seq: number } | null;
  conflict: boolean;
  onSave: () => void;
  onTakeNewer: () => void;
  /** Stable across renders: the message timers restart when these change. */
  onNoticeFaded: (seq: number) => void;
  onOutcomeFaded: (seq: number) => void;
}) {
  const { t } = useTranslation("versions");
  const noticeLifetime = notice ? (notice.tone === "error" ? ERROR_MESSAGE_MS : SUCCESS_MESSAGE_MS) : null;
  const outcomeLifetime =
    !outcome || outcome.kind === "conflict" ? null : outcome.kind === "saved" ? SUCCESS_MESSAGE_MS : ERROR_MESSAGE_MS;
  useFading(notice?.seq, noticeLifetime, onNoticeFaded);
  useFading(outcome?.seq, outcomeLifetime, onOutcomeFaded);
  return (
    <div className={styles.saveBar} data-testid="save-bar">
      <div className={styles.messages} role="status" aria-live="polite">
        {notice && noticeLifetime !== null ? (
          <p
            key={`n${notice.seq}`}
            className={`${notice.tone === "error" ? styles.error : styles.success} ${styles.fading}`}
            style={fadeStyle(noticeLifetime)}
            data-testid="editor-notice"
          >
            {t(`editor.${notice.key}` as "editor.cut.done", notice.values)}
          </p>
        ) : null}
        {outcome ? (
          <p
            key={`s${outcome.seq}`}
            className={
              outcomeLifetime === null
                ? styles.error
                : `${outcome.kind === "saved" ? styles.success : styles.error} ${styles.fading}`
            }
            style={outcomeLifetime === null ? undefined : fadeStyle(outcomeLifetime)}
            data-testid="save-outcome"
          >
            {t(OUTCOME_KEYS[outcome.kind])}
          </p>
        ) : null}
      </div>
      {conflict ? (
        <Button variant="secondary" onPress={onTakeNewer} data-testid="take-newer">
          {t("editor.save.take-newer")}
        </Button>
      ) : null}
      <span className={styles.modified} data-testid="editor-modified">
        {modified ? t("editor.save.unsaved") : t("editor.save.clean")}
      </span>
      <Button onPress={onSave} isDisabled={saving || !modified} data-testid="editor-save">
        {saving ? t("editor.save.saving") : t("editor.save")}
      </Button>
    </div>
  );
}
