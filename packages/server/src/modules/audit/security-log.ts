import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open.js';
import { securityEvents } from '../../db/schema/audit.js';
import type { RequestOrigin } from '../../lib/auth-context.js';

export type SecurityEventType =
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'otp_sent'
  | 'otp_failed'
  | 'refresh_reuse'
  | 'logout'
  | 'access_refused'
  | 'password_reset_requested'
  | 'password_reset'
  // Account and security settings, single sign-on (issue 18).
  | 'password_changed'
  | 'password_change_failed'
  | 'otp_enabled'
  | 'otp_disabled'
  | 'logout_everywhere'
  | 'sso_linked'
  | 'sso_unlinked'
  | 'sso_login'
  | 'sso_refused';

export interface SecurityEvent {
  type: SecurityEventType;
  origin: RequestOrigin;
  uid?: string | null;
  laboratoryId?: string | null;
  email?: string | null;
  detail?: string;
}

/** Who did what, when (UTC) and from where: kept in the database and in the structured log. */
export async function recordSecurityEvent(
  db: Db,
  log: FastifyBaseLogger,
  event: SecurityEvent,
): Promise<void> {
  const row = {
    event_type: event.type,
    admin_uid: event.uid ?? null,
    laboratory_id: event.laboratoryId ?? null,
    email: event.email ?? null,
    ip: event.origin.ip,
    user_agent: event.origin.userAgent ?? null,
    detail: event.detail ?? null,
  };
  await db.insert(securityEvents).values(row);
  log.info({ security: { ...row, at: new Date().toISOString() } }, `security event ${event.type}`);
}
