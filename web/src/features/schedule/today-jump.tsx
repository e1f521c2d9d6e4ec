import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ArrowDownIcon, ArrowUpIcon } from "../../components/icons";
import styles from "./schedule-list.module.css";

/**
 * "Aujourd'hui": while the event runs the list opens at its top, title, search and filters in
 * view, and this button, floating while today's day is off the screen, brings it in.
 */
export function TodayJump({ day }: { day: HTMLElement | null }) {
  const { t } = useTranslation("schedule");
  // Where today's day lies from the screen; null while it is on it.
  const [direction, setDirection] = useState<"up" | "down" | null>(null);
  useEffect(() => {
    if (!day) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      setDirection(entry.isIntersecting ? null : entry.boundingClientRect.top > 0 ? "down" : "up");
    });
    observer.observe(day);
    return () => observer.disconnect();
  }, [day]);
  if (!day || direction === null) return null;
  return (
    <button
      type="button"
      className={styles.todayJump}
      onClick={() => day.scrollIntoView({ block: "start", behavior: "smooth" })}
      data-testid="today-jump"
    >
      {direction === "down" ? <ArrowDownIcon /> : <ArrowUpIcon />}
      {t("today.jump")}
    </button>
  );
}
