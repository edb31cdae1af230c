/**
 * Staff: the shop's own people (owner, manager, editor, packer), apart from shoppers' accounts.
 * Secrets are stored as shoppers' are: the password with argon2id, session and invite tokens as their
 * sha256, recovery codes with sha256 of 50 random bits each (used once). The TOTP secret is stored
 * as base32 text and never sent back once set-up is confirmed. The audit log only grows: a trigger
 * (in the migration) refuses UPDATE and DELETE on it.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../lib/schemas/staff.ts';
import { at } from './columns.ts';


export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lowercased and trimmed; unique among members not removed. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32; set at set-up, live once confirmed. */
    totpSecret: text('totp_secret'),
    totpConfirmedAt: at('totp_confirmed_at'),
    /** The last 30-second step a code was accepted for: a code is good once. */
    totpLastStep: integer('totp_last_step'),
    /** sha256 of each unused recovery code. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>().notNull().default([]),
    createdAt: at('created_at').notNull(),
    removedAt: at('removed_at'),
  },
  (t) => [uniqueIndex('staff_email_live_idx').on(sql`lower(${t.email})`).where(sql`${t.removedAt} is null`)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** sha256 (hex) of the cookie's token. */
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** False while the second factor is still owed (a pending sign-in). */
    verified: boolean('verified').notNull().default(false),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

export const staffInvites = pgTable(
  'staff_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** Null when the command line made it. */
    invitedBy: uuid('invited_by').references(() => staff.id),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('staff_invites_email_idx').on(t.email)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: at('at').notNull(),
    /** Null for a failed sign-in and for the command line. */
    staffId: uuid('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    recordKind: text('record_kind').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    clientAddress: text('client_address').notNull().default(''),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_staff_idx').on(t.staffId, t.at), index('audit_log_record_idx').on(t.recordKind, t.recordId)],
);

export type StaffRow = typeof staff.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
