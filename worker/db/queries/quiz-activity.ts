import type { PresentationQuizSettings } from "@core/quiz/active-quizzes";
import type { StoredQuizState } from "@core/quiz/quiz-entry";
import { and, asc, eq, exists, sql } from "drizzle-orm";
import type { Database } from "../client";
import { events, presentations, quizQuestions, quizSessions } from "../schema";
import { hasVisibleQuestions } from "./quiz-results";
import { quizWindowColumns, quizWindows } from "./quiz-settings";

/**
 * The quiz settings of an event's self-paced quizzes: presentations not archived, not live, with
 * at least one visible question (a quiz with nothing to answer is not worth filtering for), and
 * none when the event has the quiz switched off.
 */
export async function loadSelfPacedQuizSettings(db: Database, eventId: number): Promise<PresentationQuizSettings[]> {
  const rows = await db
    .select({ id: presentations.id, ...quizWindowColumns })
    .from(presentations)
    .innerJoin(events, eq(events.id, presentations.eventId))
    .where(
      and(
        eq(presentations.eventId, eventId),
        eq(presentations.archived, false),
        eq(presentations.live, false),
        eq(events.quiz, true),
        exists(
          db
            .select({ id: quizQuestions.id })
            .from(quizQuestions)
            .where(and(eq(quizQuestions.presentationId, presentations.id), eq(quizQuestions.visible, true))),
        ),
      ),
    );
  return rows.map((row) => ({ id: row.id, live: false, windows: quizWindows(row) }));
}

/**
 * The stored quiz of every presentation of the event the public schedule lists (not archived),
 * sorted by id, in one statement: what the event's list of quiz statuses is read from.
 */
export async function listEventQuizStates(
  db: Database,
  eventId: number,
): Promise<(StoredQuizState & { id: number })[]> {
  const rows = await db
    .select({
      id: presentations.id,
      live: presentations.live,
      hasQuestions: sql<number>`${hasVisibleQuestions(sql`${presentations.id}`)}`.mapWith(Boolean),
      liveStatus: quizSessions.status,
      ...quizWindowColumns,
    })
    .from(presentations)
    .innerJoin(events, eq(events.id, presentations.eventId))
    .leftJoin(quizSessions, eq(quizSessions.presentationId, presentations.id))
    .where(and(eq(presentations.eventId, eventId), eq(presentations.archived, false)))
    .orderBy(asc(presentations.id));
  return rows.map((row) => ({
    id: row.id,
    live: row.live,
    hasQuestions: row.hasQuestions,
    liveStatus: row.liveStatus ?? "none",
    windows: quizWindows(row),
  }));
}
