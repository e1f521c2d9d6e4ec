import { MAX_OPTIONS } from "@core/quiz/authoring";
import type { Dispatch } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/button";
import { Checkbox } from "../../components/checkbox";
import { TrashIcon } from "../../components/icons";
import { PlusIcon } from "./editor-icons";
import notes from "./editor-notes.module.css";
import type { EditorAction, EditorQuestion } from "./editor-state";
import styles from "./question-card.module.css";
import type { QuestionProblems } from "./question-problems";

/**
 * The answers of a question, lettered a, b, c as the live screens show them, each with its
 * "correct" box; a survey has no correct answer, so its boxes are not shown.
 */
export function OptionList({
  question,
  problems,
  dispatch,
}: {
  question: EditorQuestion;
  problems: QuestionProblems | undefined;
  dispatch: Dispatch<EditorAction>;
}) {
  const { t } = useTranslation("quiz-editor");
  const hintId = useId();
  const problemId = useId();
  const { key, options, is_survey: isSurvey } = question;
  return (
    <fieldset
      className={styles.options}
      aria-describedby={problems?.options ? `${hintId} ${problemId}` : hintId}
      data-testid="question-options"
    >
      <legend className={styles.label}>{t("option.legend")}</legend>
      <p id={hintId} className={notes.hint}>
        {t(isSurvey ? "option.hint-survey" : "option.hint")}
      </p>
      <ol className={styles.optionList}>
        {options.map((option, index) => {
          const problem = problems?.optionTexts?.[index];
          const number = index + 1;
          return (
            <li key={option.key} className={styles.option} data-testid="question-option">
              {/* One line of text, shown whole: a long answer grows the box instead of scrolling out of it. */}
              <textarea
                className={styles.optionText}
                rows={1}
                value={option.option}
                maxLength={200}
                aria-label={t("option.text", { number })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${problemId}-${index}` : undefined}
                placeholder={t("option.placeholder", { number })}
                onKeyDown={(press) => {
                  if (press.key === "Enter") press.preventDefault();
                }}
                onChange={(change) =>
                  dispatch({
                    type: "set-option-text",
                    key,
                    optionKey: option.key,
                    option: change.target.value.replace(/[\r\n]+/g, " "),
                  })
                }
                data-testid="question-option-text"
              />
              {isSurvey ? null : (
                <Checkbox
                  className={styles.correct}
                  isSelected={option.correct}
                  aria-label={t("option.correct-of", { number })}
                  onChange={(correct) => dispatch({ type: "set-correct", key, optionKey: option.key, correct })}
                  data-testid="question-option-correct"
                >
                  <span aria-hidden="true">{t("option.correct")}</span>
                </Checkbox>
              )}
              <IconButton
                icon={<TrashIcon />}
                label={t("option.remove", { number })}
                className={styles.removeOption}
                isDisabled={options.length <= 1}
                onPress={() => dispatch({ type: "remove-option", key, optionKey: option.key })}
                data-testid="question-option-remove"
              />
              {problem ? (
                <p id={`${problemId}-${index}`} className={`${notes.problem} ${styles.optionProblem}`}>
                  {t(problem)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {problems?.options ? (
        <p id={problemId} className={notes.problem} data-testid="question-options-problem">
          {t(problems.options)}
        </p>
      ) : null}
      <button
        type="button"
        className={styles.addOption}
        disabled={options.length >= MAX_OPTIONS}
        onClick={() => dispatch({ type: "add-option", key })}
        data-testid="question-option-add"
      >
        <PlusIcon />
        {t("option.add")}
      </button>
    </fieldset>
  );
}
