import { sql } from 'drizzle-orm';
import type { Authenticated } from './auth-context.js';

/**
 * Whether the caller's session and user are still as the server remembers them, asked inside a
 * read's own statement (docs/decisions/0014-what-every-call-pays.md): the three stamps the session
 * check reads (a revocation sets `revoked_at`, a refresh moves `last_used_at`, every update of a user
 * moves `admin_last_updated`) compared in the same snapshot as the read, so that the call needs no
 * statement of its own for its session. True when nothing moved; false or null (no such session)
 * sends the call to the full check. Placeholders, for prepared statements: `sessionStampValues`.
 */
export const sessionUnchanged = sql<boolean | null>`(SELECT
    s.revoked_at IS NOT DISTINCT FROM ${sql.placeholder('stampRevokedAt')}::timestamptz
    AND s.last_used_at = ${sql.placeholder('stampLastUsedAt')}::timestamptz
    AND u.admin_last_updated = ${sql.placeholder('stampUserUpdated')}::timestamptz
  FROM auth_sessions s JOIN users u ON u.admin_uid = s.admin_uid
 WHERE s.session_id = ${sql.placeholder('stampSessionId')})`;

/** The values of `sessionUnchanged`'s placeholders: the stamps of the caller as remembered. */
export const sessionStampValues = ({ session, user }: Authenticated) => ({
  stampSessionId: session.session_id,
  stampRevokedAt: session.revoked_at,
  stampLastUsedAt: session.last_used_at,
  stampUserUpdated: user.admin_last_updated,
});

/**
 * Given to a handler whose read asks `sessionUnchanged` (a route `readsSessionStamps`): it reports
 * what the statement found, and the session check then needs no statement of its own.
 */
export interface SessionStamps {
  found(unchanged: boolean | null): void;
}
