import { and, eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { Database } from "../client";
import { associations, eventMembers, speakers, users } from "../schema";

export interface MemberInput {
  email: string;
  name: string;
  password: string;
  locale: "fr" | "en";
  /** Each role and link below: left out (undefined), it keeps its stored value (none for a new member). */
  isSpeaker?: boolean | undefined;
  isModerator?: boolean | undefined;
  /** The event's speaker this account speaks as (`speakers.id`); null for none. */
  speakerId?: number | null | undefined;
  /** The association the account speaks for, by name (made in the event when new); null for none. */
  association?: string | null | undefined;
}

/** The id of the event's speaker with that schedule id, if the event has one. */
export async function findSpeakerId(db: Database, eventId: number, externalId: string): Promise<number | undefined> {
  const row = await db
    .select({ id: speakers.id })
    .from(speakers)
    .where(and(eq(speakers.eventId, eventId), eq(speakers.externalId, externalId)))
    .get();
  return row?.id;
}

/** The id of the event's association of that name, made when the event has none of it yet. */
async function associationId(db: Database, eventId: number, name: string): Promise<number> {
  await db.insert(associations).values({ eventId, name }).onConflictDoNothing();
  const row = await db
    .select({ id: associations.id })
    .from(associations)
    .where(and(eq(associations.eventId, eventId), eq(associations.name, name)))
    .get();
  if (!row) throw new Error(`association ${name} missing after insert`);
  return row.id;
}

/**
 * Creates or updates a validated account and its roles in one event; answers the stored roles.
 * Idempotent: the stored password hash is kept while it still matches, so re-seeding changes
 * nothing, and a role or link left out keeps its stored value.
 */
export async function upsertMember(db: Database, eventId: number, input: MemberInput) {
  const email = input.email.toLowerCase();
  const existing = await db.select().from(users).where(eq(users.email, email)).get();
  const passwordHash =
    existing && (await verifyPassword(input.password, existing.passwordHash))
      ? existing.passwordHash
      : await hashPassword(input.password);
  const user =
    existing ??
    (await db
      .insert(users)
      .values({ email, name: input.name, passwordHash, locale: input.locale, emailValidatedAt: Date.now() })
      .returning()
      .get());
  if (existing && (existing.passwordHash !== passwordHash || existing.name !== input.name)) {
    // A new password ends the account's sessions, as a password change by its owner does.
    const revoke = existing.passwordHash !== passwordHash ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {};
    await db
      .update(users)
      .set({ name: input.name, passwordHash, ...revoke })
      .where(eq(users.id, existing.id));
  }

  const given: Partial<typeof eventMembers.$inferInsert> = {};
  if (input.isSpeaker !== undefined) given.isSpeaker = input.isSpeaker;
  if (input.isModerator !== undefined) given.isModerator = input.isModerator;
  if (input.speakerId !== undefined) given.speakerId = input.speakerId;
  if (input.association !== undefined) {
    given.associationId = input.association === null ? null : await associationId(db, eventId, input.association);
  }
  const insert = db.insert(eventMembers).values({ userId: user.id, eventId, ...given });
  await (Object.keys(given).length > 0
    ? insert.onConflictDoUpdate({ target: [eventMembers.userId, eventMembers.eventId], set: given })
    : insert.onConflictDoNothing());
  const stored = await db
    .select({
      isSpeaker: eventMembers.isSpeaker,
      isModerator: eventMembers.isModerator,
      speakerId: eventMembers.speakerId,
      associationId: eventMembers.associationId,
    })
    .from(eventMembers)
    .where(and(eq(eventMembers.userId, user.id), eq(eventMembers.eventId, eventId)))
    .get();
  if (!stored) throw new Error(`membership of user ${user.id} in event ${eventId} missing after upsert`);
  return { id: user.id, email, ...stored };
}
