import { DEFAULT_WINDOWS_MINUTES, type QuizSettingsInput, type QuizWindows } from "@core/quiz/settings";
import { zonedTimeToUtc } from "@core/schedule/icalendar";
import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { events, presentations } from "../schema";

/** What `quizWindows` reads, to select from `presentations` joined with `events`. */
export const quizWindowColumns = {
  date: presentations.date,
  timeZone: events.timeZone,
  questionsFrom: presentations.questionsFromTime,
  questionsTo: presentations.questionsToTime,
  resultsFrom: presentations.resultsFromTime,
  resultsTo: presentations.resultsToTime,
};

/** The quiz settings of a presentation; unset windows default to the spec's hours on its day. */
export async function loadQuizSettings(db: Database, presentationId: number) {
  const row = await db
    .select({ live: presentations.live, timer: presentations.timer, ...quizWindowColumns })
    .from(presentations)
    .innerJoin(events, eq(events.id, presentations.eventId))
    .where(eq(presentations.id, presentationId))
    .get();
  if (!row) return undefined;
  return { live: row.live, timer: row.timer, windows: quizWindows(row) };
}

/** A presentation's self-paced windows as stored; unset ones default to the spec's hours on its day. */
export function quizWindows(row: {
  date: string;
  timeZone: string;
  questionsFrom: number | null;
  questionsTo: number | null;
  resultsFrom: number | null;
  resultsTo: number | null;
}): QuizWindows {
  const onDay = (minutes: number) => zonedTimeToUtc(row.date, minutes, row.timeZone).getTime();
  return {
    questionsFrom: row.questionsFrom ?? onDay(DEFAULT_WINDOWS_MINUTES.questionsFrom),
    questionsTo: row.questionsTo ?? onDay(DEFAULT_WINDOWS_MINUTES.questionsTo),
    resultsFrom: row.resultsFrom ?? onDay(DEFAULT_WINDOWS_MINUTES.resultsFrom),
    resultsTo: row.resultsTo ?? onDay(DEFAULT_WINDOWS_MINUTES.resultsTo),
  };
}

export async function saveQuizSettings(db: Database, presentationId: number, settings: QuizSettingsInput) {
  await db
    .update(presentations)
    .set({
      live: settings.live,
      timer: settings.timer,
      questionsFromTime: settings.questions_from_time,
      questionsToTime: settings.questions_to_time,
      resultsFromTime: settings.results_from_time,
      resultsToTime: settings.results_to_time,
    })
    .where(eq(presentations.id, presentationId));
}
