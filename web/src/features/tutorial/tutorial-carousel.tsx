import { type ComponentType, type SVGProps, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "../../components/button";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons";
import styles from "./tutorial-carousel.module.css";
import { OrganizeDrawing, ParticipateDrawing, PlayDrawing } from "./tutorial-illustrations";
import { slideAfter, swipeStep } from "./tutorial-navigation";

type SlideId = "play" | "participate" | "organize";

/** Spec §1: the three slides, Play (players), Participate (attendees), Organize (moderators and speakers). */
const SLIDES: { id: SlideId; Drawing: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { id: "play", Drawing: PlayDrawing },
  { id: "participate", Drawing: ParticipateDrawing },
  { id: "organize", Drawing: OrganizeDrawing },
];

const POINTS = [1, 2, 3] as const;

/** Keys typed in a field belong to the field, not to the slides. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

/**
 * The tutorial's slides: previous and next buttons, one dot per slide, the arrow keys, and a
 * swipe on touch screens. The last slide leads to the event's schedule.
 */
export function TutorialCarousel({ slug }: { slug: string }) {
  const { t } = useTranslation("tutorial");
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = SLIDES.length;
  const go = (step: number) => setIndex((current) => slideAfter(current, step, SLIDES.length));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || isTyping(event.target)) return;
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (step === 0) return;
      event.preventDefault();
      setIndex((current) => slideAfter(current, step, SLIDES.length));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const last = index === count - 1;
  return (
    <section
      className={styles.carousel}
      aria-roledescription={t("carousel")}
      aria-labelledby="tutorial-title"
      data-testid="tutorial"
    >
      <h1 id="tutorial-title" className={styles.title}>
        {t("title")}
      </h1>
      <div
        className={styles.viewport}
        aria-live="polite"
        onTouchStart={(event) => {
          const touch = event.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={(event) => {
          const start = touchStart.current;
          const touch = event.changedTouches[0];
          touchStart.current = null;
          if (start && touch) go(swipeStep(touch.clientX - start.x, touch.clientY - start.y));
        }}
      >
        <div className={styles.track} style={{ transform: `translateX(${-index * 100}%)` }}>
          {SLIDES.map(({ id, Drawing }, position) => {
            const current = position === index;
            return (
              <article
                key={id}
                className={styles.slide}
                aria-roledescription={t("slide")}
                aria-label={t("position", { index: position + 1, total: count })}
                aria-hidden={!current}
                inert={!current}
                data-testid="tutorial-slide"
                data-current={current}
              >
                <Drawing className={styles.drawing} />
                <h2 className={styles.slideTitle} data-testid="tutorial-slide-title">
                  {t(`${id}.title`)}
                </h2>
                <p className={styles.lead}>{t(`${id}.lead`)}</p>
                <ul className={styles.points}>
                  {POINTS.map((point) => (
                    <li key={point}>{t(`${id}.point${point}`)}</li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
      </div>
      <div className={styles.controls}>
        <Button
          variant="secondary"
          className={`${styles.step} ${styles.previous}`}
          onPress={() => go(-1)}
          isDisabled={index === 0}
          icon={<ChevronLeftIcon />}
          data-testid="tutorial-previous"
        >
          {t("action.previous")}
        </Button>
        <ul className={styles.dots} aria-label={t("dots")}>
          {SLIDES.map(({ id }, position) => (
            <li key={id}>
              <button
                type="button"
                className={styles.dot}
                aria-label={t("go-to", { index: position + 1, title: t(`${id}.title`) })}
                aria-current={position === index ? "step" : undefined}
                onClick={() => setIndex(position)}
                data-testid="tutorial-dot"
              />
            </li>
          ))}
        </ul>
        {last ? (
          <ButtonLink className={`${styles.step} ${styles.next}`} href={`/${slug}`} data-testid="tutorial-finish">
            {t("action.finish")}
          </ButtonLink>
        ) : (
          <Button className={`${styles.step} ${styles.next}`} onPress={() => go(1)} data-testid="tutorial-next">
            {t("action.next")}
            <ChevronRightIcon />
          </Button>
        )}
      </div>
      <p className={styles.tip}>{t("tip")}</p>
    </section>
  );
}
