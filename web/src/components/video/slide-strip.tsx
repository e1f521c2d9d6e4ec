import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Chapter, currentChapterIndex, visibleWindow } from "./chapter-position";
import { formatPlayTime } from "./play-time";
import styles from "./slide-strip.module.css";

/**
 * The chapters' slides under the video (spec §2, §9): `visibleCount` of them around the one playing
 * (3 on the video page, 6 in the older slider), or all after View All; the one playing is marked
 * as the time crosses it, and a click seeks there and plays.
 */
export function SlideStrip({
  chapters,
  time,
  visibleCount,
  onSelect,
}: {
  chapters: readonly Chapter[];
  /** The playing time in seconds. */
  time: number;
  visibleCount: number;
  onSelect: (seconds: number) => void;
}) {
  const { t } = useTranslation("watch");
  const [all, setAll] = useState(false);
  if (chapters.length === 0) return null;
  const current = currentChapterIndex(chapters, time);
  const { start, end } = all
    ? { start: 0, end: chapters.length }
    : visibleWindow(chapters.length, current, visibleCount);
  const shown = chapters.slice(start, end);
  // A short talk's few slides keep the width of the video page's three, not of six.
  const columns = Math.min(visibleCount, Math.max(chapters.length, 3));

  return (
    <section className={styles.strip} aria-label={t("slides.label")} data-testid="slide-strip">
      <div className={styles.header}>
        <h2 className={styles.title}>{t("slides.title", { count: chapters.length })}</h2>
        {chapters.length > visibleCount ? (
          <button
            type="button"
            className={styles.toggle}
            onClick={() => setAll((value) => !value)}
            aria-expanded={all}
            data-testid="slides-toggle"
          >
            {all ? t("slides.hide") : t("slides.view-all")}
          </button>
        ) : null}
      </div>
      <ol
        className={all ? styles.grid : styles.row}
        style={all ? undefined : { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {shown.map((chapter, offset) => {
          const index = start + offset;
          const playing = index === current;
          return (
            <li key={`${chapter.time}-${chapter.id}`}>
              <button
                type="button"
                className={`${styles.slide} ${playing ? styles.current : ""}`}
                onClick={() => onSelect(chapter.time / 1000)}
                aria-current={playing ? "true" : undefined}
                data-testid="slide"
                data-time={chapter.time}
              >
                <img src={chapter.id} alt="" loading="lazy" className={styles.image} />
                <span className={styles.caption}>
                  <span className={styles.at}>{formatPlayTime(chapter.time / 1000)}</span>
                  <span className={styles.name}>{chapter.title ?? t("slides.untitled", { number: index + 1 })}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
