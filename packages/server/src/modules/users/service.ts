import type { AdminRow, GrantedRights } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { adminRowOf, assertCanGrant, rightsColumns } from './rights.js';

const byName = new Intl.Collator('fr', { sensitivity: 'base' });

/** What users needs of the sessions: given by the auth module at start, so users never imports auth. */
export interface SessionEnder {
  revokeAllSessions(uid: string, reason: string): Promise<void>;
}

export function createUsersService(db: Db, sessions: SessionEnder) {
  const inLaboratory = (caller: Authenticated) => eq(users.laboratory_id, caller.user.laboratory_id);

  return {
    async list(caller: Authenticated): Promise<AdminRow[]> {
      const rows = await db.select().from(users).where(inLaboratory(caller));
      // French names sort by the language's rules (É with E), which the database's collation may not know.
      return rows.sort((a, b) => byName.compare(a.user_name, b.user_name)).map(adminRowOf);
    },

    async get(caller: Authenticated, uid: string): Promise<AdminRow[]> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(inLaboratory(caller), eq(users.admin_uid, uid)));
      if (!row) return fail('adminNotFound');
      return [adminRowOf(row)];
    },

    async updateAccess(
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
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
