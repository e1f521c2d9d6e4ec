import { and, eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { Database } from "../client";
import { associations, eventMembers, speakers, users } from "../schema";

export interface MemberInput {
  email: string;
  name: string;
  password: string;
  locale: "fr" | "en";
  isSpeaker: boolean;
  isModerator: boolean;
  /** The schedule's id of the speaker this account speaks as. */
  speakerExternalId?: string | undefined;
  /** The association the account speaks for, by name (made in the event when new); null for none, absent to keep. */
  association?: string | null | undefined;
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
 * Creates or updates a validated account and its roles in one event. Idempotent: the stored
 * password hash is kept while it still matches, so re-seeding changes nothing.
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
    await db.update(users).set({ name: input.name, passwordHash }).where(eq(users.id, existing.id));
  }

  const speaker = input.speakerExternalId
    ? await db
        .select({ id: speakers.id })
        .from(speakers)
        .where(and(eq(speakers.eventId, eventId), eq(speakers.externalId, input.speakerExternalId)))
        .get()
    : undefined;
  const association =
    input.association === undefined
      ? {}
      : { associationId: input.association === null ? null : await associationId(db, eventId, input.association) };
  const roles = {
    isSpeaker: input.isSpeaker,
    isModerator: input.isModerator,
    speakerId: speaker?.id ?? null,
    ...association,
  };
  await db
    .insert(eventMembers)
    .values({ userId: user.id, eventId, ...roles })
    .onConflictDoUpdate({ target: [eventMembers.userId, eventMembers.eventId], set: roles });
  return { id: user.id, email, speakerId: roles.speakerId, associationId: roles.associationId };
}
