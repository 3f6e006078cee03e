import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { authSessions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';
import type { SessionRow, UserRow } from '../../lib/auth-context.js';

function prepareSessionWithUser(db: Db) {
  return db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.admin_uid, authSessions.admin_uid))
    .where(eq(authSessions.session_id, sql.placeholder('sessionId')))
    .prepare('session_with_user');
}
const sessionWithUserQuery = preparedPerDatabase(prepareSessionWithUser);

/**
 * The session and its user, read on every authenticated call (so that a revocation or a disabled
 * account takes effect at once): a prepared statement, built once per database and planned once
 * per connection.
 */
export async function sessionWithUser(
  db: Db,
  sessionId: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = await sessionWithUserQuery(db).execute({ sessionId });
  return row;
}
