import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { authSessions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { rightsOf } from '../users/index.js';
import { sessionWithUser } from './session-rows.js';

/** How many sessions are remembered: about one per browser active at once, then forgotten all at once. */
const SESSIONS_KEPT = 10_000;

/**
 * What tells whether a remembered session and user are still those of the database: a revocation
 * sets `revoked_at`, a refresh moves `last_used_at`, and every update of a user (rights, disabled
 * account, password, preferences) moves `admin_last_updated` strictly forward (the `users_touch`
 * trigger of migration 0001).
 */
function prepareSessionState(db: Db) {
  return db
    .select({
      revoked_at: authSessions.revoked_at,
      last_used_at: authSessions.last_used_at,
      admin_last_updated: users.admin_last_updated,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.admin_uid, authSessions.admin_uid))
    .where(eq(authSessions.session_id, sql.placeholder('sessionId')))
    .prepare('session_state');
}

type SessionState = Awaited<ReturnType<ReturnType<typeof prepareSessionState>['execute']>>[number];

const stateOf = ({ session, user }: Authenticated): SessionState => ({
  revoked_at: session.revoked_at,
  last_used_at: session.last_used_at,
  admin_last_updated: user.admin_last_updated,
});

const sameState = (a: SessionState, b: SessionState) =>
  a.revoked_at === b.revoked_at &&
  a.last_used_at === b.last_used_at &&
  a.admin_last_updated === b.admin_last_updated;

/**
 * The session and user behind each access token, read on every call so that a logout, a
 * revocation, a disabled account or new rights take effect at the next call on every server
 * (docs/decisions/0014-what-every-call-pays.md). What is read is three stamps; the whole session,
 * user and rights are read again only when one of them moved. Nothing is trusted from memory
 * alone, so several servers need no message between them.
 */
export class SessionCache {
  private readonly known = new Map<string, Authenticated>();
  private readonly stateQuery: ReturnType<typeof prepareSessionState>;

  constructor(private readonly db: Db) {
    this.stateQuery = prepareSessionState(db);
  }

  /** The session with its user and rights as last read, without asking the database. */
  remembered(sessionId: string): Authenticated | undefined {
    return this.known.get(sessionId);
  }

  /**
   * The session with its user and rights as the database holds them now, if the session exists:
   * the very object remembered when nothing moved, a new one otherwise.
   */
  async current(sessionId: string): Promise<Authenticated | undefined> {
    const remembered = this.known.get(sessionId);
    if (remembered) {
      const [state] = await this.stateQuery.execute({ sessionId });
      if (state && sameState(state, stateOf(remembered))) return remembered;
      this.known.delete(sessionId);
      if (!state) return undefined;
    }
    const row = await sessionWithUser(this.db, sessionId);
    if (!row) return undefined;
    const found: Authenticated = { ...row, rights: rightsOf(row.user) };
    if (this.known.size >= SESSIONS_KEPT) this.known.clear();
    this.known.set(sessionId, found);
    return found;
  }
}
