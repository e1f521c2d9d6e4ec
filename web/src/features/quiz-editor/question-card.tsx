import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type Dispatch, type KeyboardEvent as ReactKeyboardEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/button";
import buttons from "../../components/button.module.css";
import { Chip } from "../../components/chip";
import fieldStyles from "../../components/form-field.module.css";
import { TrashIcon } from "../../components/icons";
import { ArrowDownIcon, ArrowUpIcon, GripIcon } from "./editor-icons";
import notes from "./editor-notes.module.css";
import type { EditorAction, EditorQuestion } from "./editor-state";
import { MediaField } from "./media-field";
import { OptionList } from "./option-list";
import styles from "./question-card.module.css";
import { QuestionFlag } from "./question-flag";
import type { QuestionProblems } from "./question-problems";
import type { UploadTarget } from "./use-upload";

/** One question of the editor: its text, flags, medium and answers, and its place in the list. */
export function QuestionCard({
  question,
  index,
  count,
  problems,
  onHandleKeyDown,
  target,
  dispatch,
  onMove,
  onRemove,
}: {
  question: EditorQuestion;
  index: number;
  count: number;
  problems: QuestionProblems | undefined;
  /** The handle's arrow keys: move the card one place up or down. */
  onHandleKeyDown: (press: ReactKeyboardEvent<HTMLButtonElement>) => void;
  target: UploadTarget;
  dispatch: Dispatch<EditorAction>;
  onMove: (to: number, control: "up" | "down") => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("quiz-editor");
  const titleId = useId();
  const textId = useId();
  const textProblemId = useId();
  const { key } = question;
  const number = index + 1;
  const hasProblem = problems !== undefined;
  // Dragged by its handle only (pointer listeners there); the card follows with a transform.
  const sortable = useSortable({ id: key });
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      className={styles.card}
      aria-labelledby={titleId}
      data-key={key}
      data-dragging={sortable.isDragging || undefined}
      data-invalid={hasProblem || undefined}
      data-testid="question-card"
    >
      <div className={styles.header}>
        <button
          type="button"
          className={`${buttons.icon} ${styles.handle}`}
          aria-label={t("question.drag", { number })}
          title={t("question.drag-hint")}
          ref={sortable.setActivatorNodeRef}
          {...sortable.listeners}
          onKeyDown={onHandleKeyDown}
          data-testid="question-drag"
        >
          <GripIcon />
        </button>
        {/* The tags wrap under the title on a phone; the buttons keep the first row. */}
        <div className={styles.heading}>
          <h3 id={titleId} className={styles.title}>
            {t("question.title", { number })}
          </h3>
          {question.is_survey ? <Chip tone="brand">{t("question.survey-tag")}</Chip> : null}
          {question.visible ? null : <Chip>{t("question.hidden-tag")}</Chip>}
        </div>
        <div className={styles.headerActions}>
          <IconButton
            icon={<ArrowUpIcon />}
            label={t("question.move-up", { number })}
            isDisabled={index === 0}
            onPress={() => onMove(index - 1, "up")}
            data-move="up"
            data-testid="question-move-up"
          />
          <IconButton
            icon={<ArrowDownIcon />}
            label={t("question.move-down", { number })}
            isDisabled={index === count - 1}
            onPress={() => onMove(index + 1, "down")}
            data-move="down"
            data-testid="question-move-down"
          />
          <IconButton
            icon={<TrashIcon />}
            label={t("question.remove", { number })}
            className={styles.remove}
            onPress={onRemove}
            data-testid="question-remove"
          />
        </div>
      </div>
      {problems?.other ? (
        <p className={notes.problem} data-testid="question-problem">
          {t(problems.other)}
        </p>
      ) : null}
      <div className={fieldStyles.field}>
        <label htmlFor={textId} className={fieldStyles.label}>
          {t("question.text")}
        </label>
        <div className={fieldStyles.control} data-invalid={problems?.question ? "true" : undefined}>
          <textarea
            id={textId}
            className={`${fieldStyles.input} ${styles.text}`}
            value={question.question}
            maxLength={500}
            rows={2}
            placeholder={t("question.placeholder")}
            aria-invalid={problems?.question ? true : undefined}
            aria-describedby={problems?.question ? textProblemId : undefined}
            onChange={(change) => dispatch({ type: "set-text", key, question: change.target.value })}
            data-testid="question-text"
          />
        </div>
        {problems?.question ? (
          <p id={textProblemId} className={fieldStyles.error} data-testid="question-text-error">
            {t(problems.question)}
          </p>
        ) : null}
      </div>
      <div className={styles.flags}>
        <QuestionFlag
          label={t("question.survey")}
          hint={t("question.survey-hint")}
          checked={question.is_survey}
          onChange={(isSurvey) => dispatch({ type: "set-survey", key, isSurvey })}
          testId="question-survey"
        />
        <QuestionFlag
          label={t("question.visible")}
          hint={t("question.visible-hint")}
          checked={question.visible}
          onChange={(visible) => dispatch({ type: "set-visible", key, visible })}
          testId="question-visible"
        />
      </div>
      <MediaField
        question={question}
        problem={problems?.media}
        target={target}
        onChange={(media) => dispatch({ type: "set-active-media", key, media })}
        onImage={(image) => dispatch({ type: "set-image", key, image })}
        onVideo={(videoKey) => dispatch({ type: "set-video", key, videoKey })}
      />
      <OptionList question={question} problems={problems} dispatch={dispatch} />
    </li>
  );
}
