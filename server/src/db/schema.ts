// Database schema (source of truth for drizzle-kit migrations in ../../drizzle).
// Change this file, then run `npx drizzle-kit generate` in server/ and commit the new SQL.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Role codes as stored; the API shows them as 'Brand Owner' / 'Advocate' (see features/roles/roles.ts). */
export const ROLE_CODES = ['brand_owner', 'advocate'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored trimmed and lower-cased, which makes the unique index case-insensitive. */
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 150 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    verifiedAt: timestamptz('verified_at'),
    dateJoined: timestamptz('date_joined').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), check('users_email_lower', sql`${t.email} = lower(${t.email})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<RoleCode>().notNull(),
    grantedAt: timestamptz('granted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', sql`${t.role} in ('brand_owner', 'advocate')`),
  ],
);

/**
 * A login session = one refresh-token family. Its id is the `sid` claim of every access token
 * issued in it, so revoking the session also stops its access tokens, and the active role is
 * per session (one person may act as brand in one browser and advocate in another).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeRole: text('active_role').$type<RoleCode>(),
    createdAt: timestamptz('created_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_active_role_check', sql`${t.activeRole} in ('brand_owner', 'advocate')`),
  ],
);

/** Refresh tokens, stored only as sha256 hashes. `rotatedAt` set = already used: a replay. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const OTP_PURPOSES = ['verify', 'reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** One-time codes for email verification and password reset, stored as keyed hashes. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    index('otp_codes_user_purpose_idx').on(t.userId, t.purpose),
    check('otp_codes_purpose_check', sql`${t.purpose} in ('verify', 'reset')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
