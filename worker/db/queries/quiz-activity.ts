import type { PresentationQuizSettings } from "@core/quiz/active-quizzes";
import { and, eq, exists } from "drizzle-orm";
import type { Database } from "../client";
import { events, presentations, quizQuestions } from "../schema";
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
