import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, stamp, stampNow } from './columns.js';
import { users } from './users.js';

/** One login on one browser: the refresh token rotates, the session stays. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    session_id: id('session_id'),
    admin_uid: uuid('admin_uid')
      .notNull()
      .references(() => users.admin_uid),
    auth_machine_id: text('auth_machine_id').notNull(),
    /** SHA-256 of the current refresh secret; any other secret presented for this session revokes it. */
    refresh_hash: text('refresh_hash').notNull(),
    created_at: stampNow('created_at'),
    last_used_at: stampNow('last_used_at'),
    expires_at: stamp('expires_at').notNull(),
    revoked_at: stamp('revoked_at'),
    revoke_reason: text('revoke_reason'),
  },
  (t) => [index().on(t.admin_uid)],
);

/** Single-use secrets sent to a user: SMS login codes, reset and invitation links, verification links. */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    challenge_id: id('challenge_id'),
    admin_uid: uuid('admin_uid')
      .notNull()
      .references(() => users.admin_uid),
    purpose: text('purpose')
      .$type<'otp' | 'reset' | 'verify_email' | 'verify_phone' | 'sso_login'>()
      .notNull(),
    secret_hash: text('secret_hash').notNull(),
    auth_machine_id: text('auth_machine_id'),
    attempts: integer('attempts').notNull().default(0),
    created_at: stampNow('created_at'),
    expires_at: stamp('expires_at').notNull(),
    used_at: stamp('used_at'),
    /** The new e-mail or mobile number a verification link brings in (migration 0034). */
    pending_value: text('pending_value'),
  },
  (t) => [index().on(t.admin_uid, t.purpose), index().on(t.secret_hash)],
);

/** A departure to the single sign-on provider, kept until its return (PKCE verifier, nonce). */
export const ssoRequests = pgTable('sso_requests', {
  request_id: id('request_id'),
  state_hash: text('state_hash').notNull(),
  purpose: text('purpose').$type<'login' | 'link'>().notNull(),
  admin_uid: uuid('admin_uid').references(() => users.admin_uid),
  locale: text('locale').$type<'fr' | 'en'>().notNull().default('fr'),
  code_verifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  created_at: stampNow('created_at'),
  expires_at: stamp('expires_at').notNull(),
  used_at: stamp('used_at'),
});

/** A browser's Web Push subscription (endpoint and keys) for a user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    subscription_id: id('subscription_id'),
    admin_uid: uuid('admin_uid')
      .notNull()
      .references(() => users.admin_uid),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    created_at: stampNow('created_at'),
  },
  (t) => [index().on(t.admin_uid)],
);

/** Failed attempts per account and per address, so that throttling holds across server copies. */
export const authFailures = pgTable(
  'auth_failures',
  {
    failure_id: id('failure_id'),
    throttle_key: text('throttle_key').notNull(),
    failed_at: stampNow('failed_at'),
  },
  (t) => [index().on(t.throttle_key, t.failed_at)],
);
