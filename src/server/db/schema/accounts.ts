/** Accounts, what signs them in, and the per-client limits' counters. */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, at } from './columns.ts';

/** The account a row belongs to; the row goes with the account. */
export const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Accounts and what signs them in. Every secret is stored hashed: passwords and verification codes
 * with argon2id, session and reset tokens with sha256 (they carry 256 random bits, so a fast hash
 * is enough). Times are written by the app's clock, never by the database's `now()`, so tests can
 * move time. Rows that only count (code requests, sign-in failures) live here too, so every limit
 * holds across processes.
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Lowercased and trimmed. */
  email: text('email').notNull().unique(),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  /** Null until the e-mail is verified (by a code, or by a password reset through it). */
  verifiedAt: at('verified_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A registration attempt: one registration, or one sign-in with the right password while the
 * account is unverified. It holds that attempt's details and its one live code; the code that is
 * entered decides whose details the account gets (never those of another attempt). `id` is the
 * opaque `userId` the API hands to the browser: 256 random bits, base64url. It is stored as is:
 * alone it opens nothing (the mailed code is needed), and a rate-limited sign-in hands it back.
 * Every attempt of an account ends when the account is verified.
 */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    createdAt: at('created_at').notNull(),
    /** argon2id of the attempt's live code; a new code replaces it. */
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: at('code_expires_at').notNull(),
    /** Tries of the live code so far, right or wrong; the code is dead at MAX_CODE_ATTEMPTS. */
    codeTries: integer('code_tries').notNull().default(0),
  },
  (t) => [index('registration_attempts_user_idx').on(t.userId, t.createdAt)],
);

/** Written no more: the codes sent on request are counted per account and client in rate_limits (auth/codes.ts). */
export const codeRequests = pgTable(
  'code_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    requestedAt: at('requested_at').notNull(),
  },
  (t) => [index('code_requests_user_idx').on(t.userId, t.requestedAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    /** sha256 (hex) of the token in the e-mailed link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerId(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The per-client limits' counters (src/server/limits/limits.ts), in the shape rate-limiter-flexible's
 * Drizzle store reads: one row a limit and client, its points spent and when its window ends.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: at('expire'),
});

export type UserRow = typeof users.$inferSelect;
export type AttemptRow = typeof registrationAttempts.$inferSelect;
