import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useEventCaller } from "../../app-state/event-caller";
import { QuestionEditor } from "./question-editor";
import styles from "./quiz-editor-page.module.css";
import { SettingsSidebar } from "./settings-sidebar";

/**
 * Spec §2 `quiz-moderator`: the sidebar (the entry to run the live quiz, then the settings) beside
 * the question editor on wide screens, above it on narrow ones.
 */
export function QuizEditorPage({
  presentationId,
  token,
  timeZone,
  runEntry,
}: {
  presentationId: number;
  token: string;
  /** The event's time zone: settings times are read and written on its wall clock. */
  timeZone: string;
  /** How to run the live quiz (lobby, big screen), shown first in the sidebar. */
  runEntry: ReactNode;
}) {
  const { t } = useTranslation("quiz-editor");
  // Every call of the editor carries the event's password too when the event has one.
  const caller = useEventCaller(token);
  return (
    <div className={styles.frame}>
      <div className={styles.layout}>
        <aside className={styles.sidebar} aria-label={t("sidebar.label")}>
          {runEntry}
          <SettingsSidebar presentationId={presentationId} caller={caller} timeZone={timeZone} />
        </aside>
        <QuestionEditor presentationId={presentationId} caller={caller} />
      </div>
    </div>
  );
}
