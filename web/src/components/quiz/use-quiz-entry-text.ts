import type { QuizEntry } from "@core/quiz/quiz-entry";

/** An entry that leads nowhere now. */
type QuizEntryNote = Exclude<QuizEntry, { kind: "join-live" } | { kind: "self-paced" }>;

import { formatMinutes, wallClock } from "@core/schedule/time-of-day";
import { useTranslation } from "react-i18next";
import { useEvent } from "../../app-state/event-schedule-context";

/** dd/MM/yy, the spec's date format in both languages. */
function shortDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year?.slice(2)}`;
}

/**
 * What a QUIZ entry that leads nowhere now says instead (and when): "No quiz yet", "Live quiz
 * during the talk", "Quiz from 10:00"… on the event's clock.
 */
export function useQuizEntryText(): (entry: QuizEntryNote) => string {
  const { t } = useTranslation("schedule");
  const { timeZone } = useEvent();
  return (entry) => {
    switch (entry.kind) {
      case "no-questions":
        return t("quiz-entry.no-questions");
      case "live-later":
        return t("quiz-entry.live-later");
      case "live-finished":
        return t("quiz-entry.live-finished");
      case "closed":
        return t("quiz-entry.closed");
      case "opens-at": {
        const opens = wallClock(new Date(entry.at), timeZone);
        const time = formatMinutes(opens.minutes);
        return opens.date === wallClock(new Date(), timeZone).date
          ? t("quiz-entry.opens-at", { time })
          : t("quiz-entry.opens-on", { date: shortDate(opens.date), time });
      }
      default: {
        const never: never = entry;
        return never;
      }
    }
  };
}
