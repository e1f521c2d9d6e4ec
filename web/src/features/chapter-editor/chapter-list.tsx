import type { Chapter, EditorAction } from "@core/chapters/model";
import { MAX_CHAPTER_TITLE } from "@core/chapters/save-rules";
import { clockTime } from "@core/chapters/time-format";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import styles from "./chapter-editor.module.css";

/**
 * The chapters with their titles and descriptions. A field's change is one edit, made when the
 * field is left or Enter is pressed in the title; an undo shows the older text again (the field
 * is rebuilt from the chapter).
 */
export function ChapterList({
  chapters,
  durationMs,
  selected,
  dispatch,
  onSeek,
}: {
  chapters: readonly Chapter[];
  durationMs: number;
  selected: readonly [number, number] | null;
  dispatch: (action: EditorAction) => void;
  onSeek: (ms: number) => void;
}) {
  const { t } = useTranslation("versions");
  return (
    <ol className={styles.list} aria-label={t("editor.list.label")} data-testid="chapter-list">
      {chapters.map((chapter, index) => (
        <ChapterRow
          key={chapter.key}
          chapter={chapter}
          index={index}
          end={chapters[index + 1]?.time ?? durationMs}
          selected={selected !== null && index >= selected[0] && index <= selected[1]}
          dispatch={dispatch}
          onSeek={onSeek}
        />
      ))}
    </ol>
  );
}

const ChapterRow = memo(function ChapterRow({
  chapter,
  index,
  end,
  selected,
  dispatch,
  onSeek,
}: {
  chapter: Chapter;
  index: number;
  end: number;
  selected: boolean;
  dispatch: (action: EditorAction) => void;
  onSeek: (ms: number) => void;
}) {
  const { t } = useTranslation("versions");
  const titleId = `chapter-${chapter.key}-title`;
  return (
    <li className={selected ? `${styles.row} ${styles.rowSelected}` : styles.row} data-testid="chapter-row">
      <button
        type="button"
        className={styles.rowPick}
        aria-pressed={selected}
        onClick={(event) => {
          dispatch({ type: "select", key: chapter.key, extend: event.shiftKey });
          onSeek(chapter.time);
        }}
      >
        <span className="visually-hidden">{t("editor.list.select", { n: index + 1 })}</span>
        {chapter.image ? <img src={chapter.image} alt="" loading="lazy" className={styles.rowImage} /> : null}
        <span className={styles.rowTime}>
          {clockTime(chapter.time)} – {clockTime(end)}
        </span>
      </button>
      <div className={styles.rowFields}>
        <label htmlFor={titleId} className="visually-hidden">
          {t("editor.list.title", { n: index + 1 })}
        </label>
        <input
          id={titleId}
          key={`title:${chapter.title}`}
          className={styles.titleInput}
          defaultValue={chapter.title}
          maxLength={MAX_CHAPTER_TITLE}
          placeholder={t("editor.list.title-placeholder")}
          onBlur={(event) => dispatch({ type: "rename", key: chapter.key, title: event.currentTarget.value.trim() })}
          onKeyDown={(event) => {
            if (event.key === "Enter") event.currentTarget.blur();
          }}
          data-testid="chapter-title"
        />
        <textarea
          key={`description:${chapter.description}`}
          className={styles.descriptionInput}
          aria-label={t("editor.list.description", { n: index + 1 })}
          defaultValue={chapter.description}
          maxLength={1000}
          rows={2}
          placeholder={t("editor.list.description-placeholder")}
          onBlur={(event) =>
            dispatch({ type: "rename", key: chapter.key, description: event.currentTarget.value.trim() })
          }
          data-testid="chapter-description"
        />
      </div>
    </li>
  );
});
