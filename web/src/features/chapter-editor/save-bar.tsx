import type { EditorNotice } from "@core/chapters/model";
import { useTranslation } from "react-i18next";
import buttons from "../../components/button.module.css";
import styles from "./chapter-editor.module.css";
import type { SaveOutcome } from "./use-chapter-editor";

const OUTCOME_KEYS = {
  saved: "editor.save.done",
  refused: "editor.save.refused",
  failed: "editor.save.failed",
  conflict: "editor.save.conflict",
  "not-ready": "editor.save.not-ready",
} as const;

/**
 * The save bar (spec 2 §8): whether there are unsaved edits, the last edit's or save's message,
 * and Save. After a conflict it offers the chapters the other tab saved.
 */
export function SaveBar({
  modified,
  saving,
  notice,
  outcome,
  conflict,
  onSave,
  onTakeNewer,
}: {
  modified: boolean;
  saving: boolean;
  notice: EditorNotice | null;
  outcome: { kind: SaveOutcome; seq: number } | null;
  conflict: boolean;
  onSave: () => void;
  onTakeNewer: () => void;
}) {
  const { t } = useTranslation("versions");
  return (
    <div className={styles.saveBar} data-testid="save-bar">
      <div className={styles.messages} role="status" aria-live="polite">
        {notice ? (
          <p
            key={`n${notice.seq}`}
            className={notice.tone === "error" ? styles.error : styles.success}
            data-testid="editor-notice"
          >
            {t(`editor.${notice.key}` as "editor.cut.done", notice.values)}
          </p>
        ) : null}
        {outcome ? (
          <p
            key={`s${outcome.seq}`}
            className={outcome.kind === "saved" ? styles.success : styles.error}
            data-testid="save-outcome"
          >
            {t(OUTCOME_KEYS[outcome.kind])}
          </p>
        ) : null}
      </div>
      {conflict ? (
        <button type="button" className={buttons.pill} onClick={onTakeNewer} data-testid="take-newer">
          {t("editor.save.take-newer")}
        </button>
      ) : null}
      <span className={styles.modified} data-testid="editor-modified">
        {modified ? t("editor.save.unsaved") : t("editor.save.clean")}
      </span>
      <button
        type="button"
        className={buttons.primary}
        onClick={onSave}
        disabled={saving || !modified}
        data-testid="editor-save"
      >
        {saving ? t("editor.save.saving") : t("editor.save")}
      </button>
    </div>
  );
}
