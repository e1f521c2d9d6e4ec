import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../client";
import { eventMembers, events, userCodes, users } from "../schema";

export type UserRow = typeof users.$inferSelect;
export type MemberRow = typeof eventMembers.$inferSelect;

export function findUserByEmail(db: Database, email: string) {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
}

export function findUserById(db: Database, id: number) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/**
 * A token's user, their membership of the token's event and that event, in one statement: every
 * signed-in request reads them, and each D1 round trip is a request of its own (and, in local
 * D1, one disk sync). Undefined when any of the three is missing.
 */
export function findSessionRows(db: Database, userId: number, eventId: number) {
  return db
    .select({ user: users, member: eventMembers, event: events })
    .from(users)
    .innerJoin(eventMembers, and(eq(eventMembers.userId, users.id), eq(eventMembers.eventId, eventId)))
    .innerJoin(events, eq(events.id, eventMembers.eventId))
    .where(eq(users.id, userId))
    .get();
}

export function findMembership(db: Database, userId: number, eventId: number) {
  return db
    .select()
    .from(eventMembers)
    .where(and(eq(eventMembers.userId, userId), eq(eventMembers.eventId, eventId)))
    .get();
}

export async function createUser(
  db: Database,
  input: { email: string; name: string; passwordHash: string; locale: "fr" | "en" },
) {
  return db
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
    .returning()
    .get();
}

/** Makes the user an attendee of the event (no role) if they are not a member yet. */
export async function joinEvent(db: Database, userId: number, eventId: number): Promise<MemberRow> {
  await db.insert(eventMembers).values({ userId, eventId }).onConflictDoNothing();
  const member = await findMembership(db, userId, eventId);
  if (!member) throw new Error("membership was not created");
  return member;
}

export async function updateProfile(db: Database, userId: number, profile: { name: string; picture?: string | null }) {
  return db.update(users).set(profile).where(eq(users.id, userId)).returning().get();
}

/** Sets a new password and ends every session opened before. */
export async function setPassword(db: Database, userId: number, passwordHash: string) {
  const [user] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

export async function revokeTokens(db: Database, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function markEmailValidated(db: Database, userId: number, at = Date.now()) {
  await db
    .update(users)
    .set({ emailValidatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.emailValidatedAt)));
}

export async function storeAccountCode(
  db: Database,
  input: { userId: number; purpose: "validate" | "reset"; codeHash: string; expiresAt: number },
) {
  await db.insert(userCodes).values(input);
}

/**
 * Spends a single-use code: marks it used and returns its user, or undefined when it is
 * unknown, of another purpose, already used or expired. The conditional update makes two
 * concurrent uses of one code succeed once.
 */
export async function consumeAccountCode(
  db: Database,
  codeHash: string,
  purpose: "validate" | "reset",
  now = Date.now(),
): Promise<number | undefined> {
  const spent = await db
    .update(userCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(userCodes.codeHash, codeHash),
        eq(userCodes.purpose, purpose),
        isNull(userCodes.usedAt),
        gt(userCodes.expiresAt, now),
      ),
    )
    .returning({ userId: userCodes.userId })
    .get();
  return spent?.userId;
}
