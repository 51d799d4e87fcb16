import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/db-errors.js';

export const EMAIL_TAKEN = 'A user with this email already exists';

/** Emails are compared and stored trimmed and lower-cased: uniqueness is case-insensitive. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string;
  firstName?: string;
  lastName?: string;
  isStaff?: boolean;
  verifiedAt?: Date | null;
}

/** Inserts a user; undefined when the email is already taken (the unique index decides, race-free). */
export async function createUser(db: Database, user: NewUser): Promise<UserRow | undefined> {
  try {
    const [created] = await db
      .insert(users)
      .values({ ...user, email: normalizeEmail(user.email) })
      .returning();
    return created;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    'email' | 'username' | 'firstName' | 'lastName' | 'isActive' | 'verifiedAt' | 'passwordHash'
  >
>;

/** Updates a user; 'email_taken' when the new email belongs to someone else. */
export async function updateUser(
  db: Database,
  id: number,
  changes: UserChanges,
): Promise<UserRow | 'email_taken' | undefined> {
  const values =
    changes.email === undefined ? changes : { ...changes, email: normalizeEmail(changes.email) };
  try {
    const [updated] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) return 'email_taken';
    throw err;
  }
}

/** Records the first successful email verification; later ones keep the original time. */
export async function markVerified(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ verifiedAt: at })
    .where(and(eq(users.id, id), isNull(users.verifiedAt)));
}
