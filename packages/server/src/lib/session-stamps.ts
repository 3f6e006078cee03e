import { sql } from 'drizzle-orm';
import type { Authenticated } from './auth-context.js';

/**
 * Whether the caller's session and user are still as the server remembers them, asked inside a
 * read's own statement (docs/decisions/0014-what-every-call-pays.md): the three stamps the session
 * check reads (a revocation sets `revoked_at`, a refresh moves `last_used_at`, every update of a user
 * moves `admin_last_updated`) compared in the same snapshot as the read, so that the call needs no
 * statement of its own for its session. True when nothing moved; false or null (no such session)
 * sends the call to the full check. With placeholders for prepared statements (`sessionStampValues`
 * gives their values), or with the caller's own values (`sessionUnchangedOf`) for a statement built
 * at each call, as a list's.
 */
const stampsCompared = (stamps: Record<keyof ReturnType<typeof sessionStampValues>, unknown>) =>
  sql<boolean | null>`(SELECT
    s.revoked_at IS NOT DISTINCT FROM ${stamps.stampRevokedAt}::timestamptz
    AND s.last_used_at = ${stamps.stampLastUsedAt}::timestamptz
    AND u.admin_last_updated = ${stamps.stampUserUpdated}::timestamptz
  FROM auth_sessions s JOIN users u ON u.admin_uid = s.admin_uid
 WHERE s.session_id = ${stamps.stampSessionId})`;

/** Asked with placeholders, for prepared statements: `sessionStampValues` gives their values. */
export const sessionUnchanged = stampsCompared({
  stampSessionId: sql.placeholder('stampSessionId'),
  stampRevokedAt: sql.placeholder('stampRevokedAt'),
  stampLastUsedAt: sql.placeholder('stampLastUsedAt'),
  stampUserUpdated: sql.placeholder('stampUserUpdated'),
});

/** `sessionUnchanged` asked with this caller's stamps as remembered. */
export const sessionUnchangedOf = (auth: Authenticated) => stampsCompared(sessionStampValues(auth));

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

/** A read that asks the caller's stamps in its first statement, and whom it reports them to. */
export interface StampsAsked {
  caller: Authenticated;
  stamps: SessionStamps;
}

/** What a service's read is given to ask the stamps with, when its route reports them. */
export const stampsAsked = (
  caller: Authenticated,
  stamps: SessionStamps | undefined,
): StampsAsked | undefined => (stamps ? { caller, stamps } : undefined);
