import styles from "./answer-options.module.css";
import { optionColor, optionLetter } from "./option-layout";
import { CheckIcon } from "./quiz-icons";

/** An option's letter tile (a, b, c…) in the option's colour. */
export function OptionLetter({ index, className }: { index: number; className?: string }) {
  return (
    <span className={`${styles.letter} ${className ?? ""}`} style={optionColor(index)} aria-hidden="true">
      {optionLetter(index)}
    </span>
  );
}

/**
 * The options of a question as a player answers them: big coloured tiles a, b, c… that are
 * toggle buttons. `multiple` draws each choice as a checkbox, otherwise as a radio button;
 * `complete` disables the options not chosen (spec §4: the answer locks at the number of
 * correct options).
 */
export function AnswerOptions({
  legend,
  options,
  selected,
  disabled,
  multiple,
  complete,
  onChoose,
}: {
  legend: string;
  options: readonly { id: number; option: string }[];
  selected: readonly number[];
  /** The whole answer is locked: sent, time up or paused. */
  disabled: boolean;
  multiple: boolean;
  complete: boolean;
  onChoose: (optionId: number) => void;
}) {
  return (
    <fieldset className={styles.options} disabled={disabled}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option, index) => {
        const chosen = selected.includes(option.id);
        return (
          <button
            key={option.id}
            type="button"
            className={styles.option}
            style={optionColor(index)}
            aria-pressed={chosen}
            disabled={complete && multiple && !chosen}
            onClick={() => onChoose(option.id)}
            data-testid="quiz-answer-option"
          >
            <OptionLetter index={index} />
            <span className={styles.optionText}>
              <span className="visually-hidden">{`${optionLetter(index)}. `}</span>
              {option.option}
            </span>
            <span className={styles.mark} data-shape={multiple ? "checkbox" : "radio"} aria-hidden="true">
              {chosen ? <CheckIcon /> : null}
            </span>
          </button>
        );
      })}
    </fieldset>
  );
}
