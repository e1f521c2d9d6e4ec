import { MAX_QUESTIONS } from "@core/quiz/authoring";
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventCaller } from "../../app-state/event-caller";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Notice } from "../../components/notice";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { PlusIcon } from "./editor-icons";
import { QuestionCard } from "./question-card";
import styles from "./question-editor.module.css";
import { SaveOutcomeNotice } from "./save-outcome-notice";
import { SortableQuestions } from "./sortable-questions";
import { useQuestionList } from "./use-question-list";
import { useUnsavedChangesWarning } from "./use-unsaved-changes-warning";

/** Where the keyboard focus goes once the list has re-rendered: a control of a card, or "add". */
type FocusTarget = { key: string; selector: string } | { key: null; selector: string };

/**
 * Spec §2 question editor: the ordered list of question cards, added, removed (after the spec's
 * confirmation), edited and reordered (drag, arrow keys on the handle, or up/down buttons), then
 * saved as a whole with one button, which stays in view above the list.
 */
export function QuestionEditor({ presentationId, caller }: { presentationId: number; caller: EventCaller }) {
  const { t } = useTranslation("quiz-editor");
  const errorText = useApiErrorText();
  const editor = useQuestionList(presentationId, caller);
  const { questions, dirty } = editor.state;
  const list = useRef<HTMLOListElement>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const focusNext = useRef<FocusTarget | null>(null);
  useUnsavedChangesWarning(dirty);

  const { edit } = editor;
  const move = useCallback(
    (key: string, to: number, control: "up" | "down" | "drag" | "keyboard") => {
      const from = questions.findIndex((question) => question.key === key);
      if (from < 0 || to < 0 || to >= questions.length || to === from) return;
      edit({ type: "move-question", key, to });
      setAnnouncement(t("question.moved", { number: to + 1 }));
      // Keep the focus on the control that moved the card, or on its handle when that control is now disabled.
      const atEdge = (control === "up" && to === 0) || (control === "down" && to === questions.length - 1);
      if (control !== "drag")
        focusNext.current = {
          key,
          selector: control === "keyboard" || atEdge ? '[data-testid="question-drag"]' : `[data-move="${control}"]`,
        };
    },
    [questions, edit, t],
  );
  // The handle's arrow keys move its card by one place.
  const handleKeyDown = (key: string, index: number) => (press: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (press.key !== "ArrowUp" && press.key !== "ArrowDown") return;
    press.preventDefault();
    move(key, press.key === "ArrowUp" ? index - 1 : index + 1, "keyboard");
  };

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const scope = target.key === null ? document : list.current?.querySelector(`[data-key="${target.key}"]`);
    scope?.querySelector<HTMLElement>(target.selector)?.focus();
  });

  // After a refused save, the first question with a problem comes into view, its field focused.
  const { outcome } = editor;
  useEffect(() => {
    if (outcome?.tone !== "danger") return;
    const card = list.current?.querySelector<HTMLElement>('[data-invalid="true"]');
    card?.scrollIntoView({ block: "center", behavior: "smooth" });
    card?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus({ preventScroll: true });
  }, [outcome]);

  function confirmRemove(key: string) {
    const index = questions.findIndex((question) => question.key === key);
    const neighbour = questions[index + 1] ?? questions[index - 1];
    edit({ type: "remove-question", key });
    setRemoving(null);
    setAnnouncement(t("question.removed", { number: index + 1 }));
    focusNext.current = neighbour
      ? { key: neighbour.key, selector: '[data-testid="question-remove"]' }
      : { key: null, selector: '[data-testid="quiz-editor-add"]' };
  }

  function addQuestion() {
    edit({ type: "add-question" });
    focusNext.current = { key: null, selector: '[data-testid="question-card"]:last-child textarea' };
  }

  if (editor.load.state !== "ready") {
    return (
      <section className={styles.editor} aria-labelledby="quiz-editor-title" data-testid="quiz-editor">
        <h2 id="quiz-editor-title" className={styles.title}>
          {t("editor.title")}
        </h2>
        {editor.load.state === "loading" ? (
          <p className={styles.empty}>{t("editor.loading")}</p>
        ) : (
          <>
            <Notice tone="danger" title={t("editor.load-error-title")} testId="quiz-editor-load-error">
              {`${t("editor.load-error")} ${errorText(editor.load.error)}`}
            </Notice>
            <Button onPress={editor.retry}>{t("editor.retry")}</Button>
          </>
        )}
      </section>
    );
  }

  return (
    <section className={styles.editor} aria-labelledby="quiz-editor-title" data-testid="quiz-editor">
      <div className={styles.toolbar}>
        <div className={styles.toolbarText}>
          <h2 id="quiz-editor-title" className={styles.title}>
            {t("editor.title")} <span className={styles.count}>{questions.length}</span>
          </h2>
          <p className={styles.status} data-dirty={dirty || undefined} data-testid="quiz-editor-status">
            {t(dirty ? "editor.unsaved" : "editor.saved")}
          </p>
        </div>
        <Button
          className={styles.save}
          onPress={editor.save}
          isDisabled={editor.saving || editor.uploading}
          data-testid="quiz-editor-save"
        >
          {t(editor.saving ? "editor.saving" : editor.uploading ? "editor.waiting-upload" : "editor.save")}
        </Button>
      </div>
      {outcome ? <SaveOutcomeNotice outcome={outcome} /> : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {questions.length === 0 ? <p className={styles.empty}>{t("editor.empty")}</p> : null}
      {/* dnd-kit's announcements sit beside the list, never inside it. */}
      <SortableQuestions keys={questions.map((question) => question.key)} onMove={(key, to) => move(key, to, "drag")}>
        <ol ref={list} className={styles.list} aria-labelledby="quiz-editor-title" inert={editor.saving || undefined}>
          {questions.map((question, index) => (
            <QuestionCard
              key={question.key}
              question={question}
              index={index}
              count={questions.length}
              problems={editor.problems.get(question.key)}
              onHandleKeyDown={handleKeyDown(question.key, index)}
              target={{
                presentationId,
                caller,
                onBusyChange: (busy) => editor.setUploadBusy(question.key, busy),
              }}
              dispatch={edit}
              onMove={(to, control) => move(question.key, to, control)}
              onRemove={() => setRemoving(question.key)}
            />
          ))}
        </ol>
      </SortableQuestions>
      <button
        type="button"
        className={styles.add}
        onClick={addQuestion}
        disabled={questions.length >= MAX_QUESTIONS || editor.saving}
        data-testid="quiz-editor-add"
      >
        <PlusIcon />
        {t("editor.add")}
      </button>
      {removing ? (
        <ConfirmDialog
          question={t("remove.confirm")}
          yesLabel={t("remove.yes")}
          noLabel={t("remove.no")}
          onYes={() => confirmRemove(removing)}
          onNo={() => setRemoving(null)}
          testId="question-remove-confirm"
        />
      ) : null}
    </section>
  );
}
