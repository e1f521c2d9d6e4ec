import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { events, presentations, quizScreenLinks, quizSessions } from "../schema";

/** The presentation's screen link token, made with `token` when it has none yet. */
export async function ensureScreenLink(db: Database, presentationId: number, token: string): Promise<string> {
  await db.insert(quizScreenLinks).values({ presentationId, token }).onConflictDoNothing();
  const row = await db
    .select({ token: quizScreenLinks.token })
    .from(quizScreenLinks)
    .where(eq(quizScreenLinks.presentationId, presentationId))
    .get();
  return row?.token ?? token;
}

/** Revokes the presentation's screen link: `token` replaces it, so screens opened with the old one are refused. */
export async function replaceScreenLink(db: Database, presentationId: number, token: string): Promise<void> {
  await db
    .insert(quizScreenLinks)
    .values({ presentationId, token })
    .onConflictDoUpdate({ target: quizScreenLinks.presentationId, set: { token } });
}

/** What the big screen needs to show a screen link's quiz: its talk, event and join code. */
export function findScreenLink(db: Database, token: string) {
  return db
    .select({
      presentationId: presentations.id,
      presentationName: presentations.name,
      archived: presentations.archived,
      eventSlug: events.slug,
      eventName: events.name,
      eventLogo: events.logo,
      eventBackground: events.scheduleBackgroundColor,
      eventText: events.scheduleTextColor,
      eventHasQuiz: events.quiz,
      code: quizSessions.code,
    })
    .from(quizScreenLinks)
    .innerJoin(presentations, eq(presentations.id, quizScreenLinks.presentationId))
    .innerJoin(events, eq(events.id, presentations.eventId))
    .leftJoin(quizSessions, eq(quizSessions.presentationId, presentations.id))
    .where(eq(quizScreenLinks.token, token))
    .get();
}
