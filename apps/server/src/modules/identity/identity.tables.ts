import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, firmIdColumn, identityKey, referenceTo, userIdColumn } from '../../platform/db/columns';
import type { CodePurpose, Language, PaymentPasswordKind, StaffRole } from '@tp/contract';
import type { AccountStatus, LoginMethod, LoginResult, QrLoginStatus, RealNameState, RevokeReason, SeniorState } from './identity.states';

/** People who log in to the platform for a firm (the firm lives in the firm module). */
export const users = pgTable(
  'users',
  {
    id: identityKey(100001),
    firmId: firmIdColumn().notNull(),
    tel: text('tel'),
    /** Stored lower-cased. */
    email: text('email'),
    userName: text('user_name').notNull(),
    /** argon2id; null for staff added by their firm until they set one. */
    passwordHash: text('password_hash'),
    isMainAccount: boolean('is_main_account').notNull(),
    language: text('language').$type<Language>().notNull().default('cn'),
    inviteCode: text('invite_code').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: at('locked_until'),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    userCerStatus: text('user_cer_status').$type<RealNameState>().notNull().default('0'),
    highCerStatus: text('high_cer_status').$type<SeniorState>().notNull().default('0'),
    nickNameStatus: text('nick_name_status').notNull().default('0'),
    /** A proprietary member of the exchange: may hold assets but is barred from trading. */
    proprietary: boolean('proprietary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_tel_uq').on(t.tel),
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_invite_code_uq').on(t.inviteCode),
    index('users_firm_idx').on(t.firmId),
    check('users_has_account', sql`${t.tel} is not null or ${t.email} is not null`),
    check('users_status', sql`${t.status} in ('active', 'disabled')`),
    check('users_language', sql`${t.language} in ('cn', 'en', 'tw')`),
  ],
);

/** Platform staff who work in the back office; they belong to no firm. */
export const staff = pgTable(
  'staff',
  {
    id: identityKey(9001),
    account: text('account').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: at('locked_until'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_account_uq').on(t.account)],
);

/**
 * Login sessions of users and staff. Only the SHA-256 of the `sessionStr` is kept, so a database
 * leak hands out no usable session.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: identityKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').$type<'user' | 'staff'>().notNull(),
    userId: userIdColumn(),
    staffId: bigint('staff_id', { mode: 'number' }),
    firmId: firmIdColumn(),
    marketId: text('market_id').notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull(),
    /** Absolute end, however active the session is. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason').$type<RevokeReason>(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId, t.revokedAt),
    index('sessions_staff_idx').on(t.staffId, t.revokedAt),
    check('sessions_kind', sql`(${t.kind} = 'user' and ${t.userId} is not null and ${t.firmId} is not null) or (${t.kind} = 'staff' and ${t.staffId} is not null)`),
  ],
);

/** Image captchas: single use, short-lived; the answer is kept only as a keyed hash. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/** SMS and e-mail codes (6 digits, 5 minutes, single use, 5 wrong tries). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: identityKey(),
    account: text('account').notNull(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_account_idx').on(t.account, t.createdAt), index('verification_codes_lookup_idx').on(t.account, t.purpose, t.id)],
);

/** What the development sender would have delivered; read by tests and the back office, never used in production. */
export const devOutbox = pgTable(
  'dev_outbox',
  {
    id: identityKey(),
    account: text('account').notNull(),
    channel: text('channel').$type<'sms' | 'email' | 'captcha'>().notNull(),
    purpose: text('purpose').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_outbox_account_idx').on(t.account, t.id)],
);

/** QR login tickets: the web shows the QR, a logged-in phone confirms, the web's poll receives a session once. */
export const qrLogins = pgTable(
  'qr_logins',
  {
    uuid: text('uuid').primaryKey(),
    status: text('status').$type<QrLoginStatus>().notNull(),
    confirmedByUserId: bigint('confirmed_by_user_id', { mode: 'number' }),
    confirmingSessionId: bigint('confirming_session_id', { mode: 'number' }),
    confirmedAt: at('confirmed_at'),
    /** The session handed to the polling browser; set when delivered. */
    sessionId: bigint('session_id', { mode: 'number' }),
    deliveredAt: at('delivered_at'),
    expiresAt: at('expires_at').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('qr_logins_status', sql`${t.status} in ('waiting', 'confirmed', 'expired')`)],
);

/** Append-only: every login attempt, successful or not. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: identityKey(),
    kind: text('kind').$type<'user' | 'staff'>().notNull(),
    account: text('account').notNull(),
    userId: userIdColumn(),
    staffId: bigint('staff_id', { mode: 'number' }),
    method: text('method').$type<LoginMethod>().notNull(),
    result: text('result').$type<LoginResult>().notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user_idx').on(t.userId, t.id), index('login_history_account_idx').on(t.account, t.id)],
);

/** Append-only: account changes (register, password, phone, language, lock) and session revocations with their reason. */
export const accountHistory = pgTable(
  'account_history',
  {
    id: identityKey(),
    kind: text('kind').$type<'user' | 'staff'>().notNull(),
    userId: userIdColumn(),
    staffId: bigint('staff_id', { mode: 'number' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('account_history_user_idx').on(t.userId, t.id), index('account_history_staff_idx').on(t.staffId, t.id)],
);

/** A user's payment passwords (fund, margin), argon2id, with their own lockout. */
export const paymentPasswords = pgTable(
  'payment_passwords',
  {
    userId: referenceTo('user_id', () => users.id),
    kind: text('kind').$type<PaymentPasswordKind>().notNull(),
    passwordHash: text('password_hash').notNull(),
    failedCount: integer('failed_count').notNull().default(0),
    lockedUntil: at('locked_until'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check('payment_passwords_kind', sql`${t.kind} in ('fund', 'margin')`)],
);

/**
 * A user's account-security settings: the authenticator secret (TOTP, RFC 6238) sealed with a key
 * derived from the app secret, its guess lockout, and the anti-phishing phrase.
 */
export const userSecurity = pgTable('user_security', {
  userId: referenceTo('user_id', () => users.id).primaryKey(),
  /** Sealed; set while two-factor authentication is being set up or is on. */
  totpSecret: text('totp_secret'),
  /** Null while a secret is set up but not yet confirmed with a code. */
  totpEnabledAt: at('totp_enabled_at'),
  /** The newest 30-second step a code was accepted for: each code is accepted once (RFC 6238 §5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
  totpFailedCount: integer('totp_failed_count').notNull().default(0),
  totpLockedUntil: at('totp_locked_until'),
  antiPhishingCode: text('anti_phishing_code'),
  updatedAt: at('updated_at').notNull(),
});

/** Ten one-time codes that stand in for the authenticator; kept as keyed hashes, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: identityKey(),
    userId: referenceTo('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
