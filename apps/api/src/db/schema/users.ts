import { userStatuses } from '@patrol/contracts';
import { bigint, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, stringArray, timestamptz, updatedAt } from './columns';

/** Staff accounts of the console. `email` is stored lowercased so uniqueness ignores case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull().unique(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    role: text('role').notNull().default('sales'),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    permissions: stringArray('permissions'),
    customGranted: stringArray('custom_granted'),
    customDenied: stringArray('custom_denied'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** TOTP secret, encrypted at rest by the auth module. */
    twoFactorSecret: text('two_factor_secret'),
    /** Last accepted TOTP time step: a code from that step or earlier is refused (replay guard). */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    lastLoginAt: timestamptz('last_login_at'),
    /**
     * Access tokens issued up to this instant's whole second are refused: set when the password,
     * two-factor or status changes, so tokens and sockets opened before it end.
     */
    sessionsValidAfter: timestamptz('sessions_valid_after'),
    /** Set with a temporary password from a superadmin: sign-in asks for a new one first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('users_created_at_idx').on(table.createdAt)],
);

/** Rotating refresh tokens; a reused token revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    replacedById: uuid('replaced_by_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('refresh_tokens_user_id_idx').on(table.userId),
    index('refresh_tokens_family_id_idx').on(table.familyId),
  ],
);

/** Single-use two-factor backup codes, stored hashed. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('backup_codes_user_id_idx').on(table.userId)],
);

/** Emailed single-use tokens (password reset, emergency 2FA recovery, 2FA setup), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose')
      .$type<'password_reset' | 'emergency_recovery' | 'setup_2fa'>()
      .notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_tokens_user_id_idx').on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type BackupCodeRow = typeof backupCodes.$inferSelect;
export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;
