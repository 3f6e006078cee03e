import type { AdminRow, GrantedRights } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema/users.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { inLaboratory } from './reads.js';
import { adminRowOf, assertCanGrant, rightsColumns } from './rights.js';

/** What users needs of the sessions: given by the auth module at start, so users never imports auth. */
export interface SessionEnder {
  revokeAllSessions(uid: string, reason: string): Promise<void>;
}

/** What changing a user's access needs: the database, and the sessions to end when it is disabled. */
export interface UsersDeps {
  db: Db;
  sessions: SessionEnder;
}

/**
 * A user's rights and whether the account is disabled, with the stamp read: only what the caller
 * may grant, never locking the caller out; a disabled account's sessions end at once.
 */
export async function changeUserAccess(
  { db, sessions }: UsersDeps,
  caller: Authenticated,
  input: GrantedRights & { admin_uid: string; admin_last_updated: string; user_disabled?: boolean },
): Promise<AdminRow> {
  const { admin_uid, admin_last_updated, user_disabled, ...granted } = input;
  assertCanGrant(caller.rights, granted);
  if (admin_uid === caller.user.admin_uid && (user_disabled || (granted.admin_access ?? 3) < 2)) {
    // Administrators may not lock themselves out.
    fail('invalidOperation');
  }
  const updated = await writeTransaction(db, actorOf(caller), async (tx) => {
    const [target] = await tx
      .select()
      .from(users)
      .where(and(inLaboratory(caller), eq(users.admin_uid, admin_uid)));
    if (!target) return fail('adminNotFound');
    const changesRights = Object.values(granted).some((value) => value !== undefined);
    if (target.user_type !== 'internal' && changesRights) fail('cannotUpdateRightsOfExternalUser');
    return updateIfUnchanged(
      tx,
      users,
      {
        idColumn: users.admin_uid,
        id: admin_uid,
        stampColumn: users.admin_last_updated,
        stamp: admin_last_updated,
        scope: inLaboratory(caller),
      },
      {
        ...(changesRights ? rightsColumns(granted, target) : {}),
        ...(user_disabled === undefined ? {} : { user_disabled }),
      },
      'adminNotFound',
    );
  });
  if (updated.user_disabled) await sessions.revokeAllSessions(admin_uid, 'account disabled');
  return adminRowOf(updated);
}
