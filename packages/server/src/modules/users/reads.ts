import { ADMIN_KEYS, type AdminRow, SPECIAL_RIGHTS } from '@sil/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { users } from '../../db/schema/users.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { adminRowOf } from './rights.js';

const byName = new Intl.Collator('fr', { sensitivity: 'base' });

export const inLaboratory = (caller: Authenticated) => eq(users.laboratory_id, caller.user.laboratory_id);

/** The laboratory's users, by name. */
export async function listUsers(db: Db, caller: Authenticated): Promise<AdminRow[]> {
  const rows = await db.select().from(users).where(inLaboratory(caller));
  // French names sort by the language's rules (É with E), which the database's collation may not know.
  return rows.sort((a, b) => byName.compare(a.user_name, b.user_name)).map(adminRowOf);
}

export async function userOf(db: Db, caller: Authenticated, uid: string): Promise<AdminRow[]> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(inLaboratory(caller), eq(users.admin_uid, uid)));
  if (!row) return fail('adminNotFound');
  return [adminRowOf(row)];
}

const USER_EXPORT_COLUMNS = [
  'admin_uid',
  'user_name',
  'user_email',
  'user_phone_num',
  'user_type',
  'external_account_type',
  'email_verified',
  'phone_verified',
  'otp_enabled',
  'user_disabled',
  ...ADMIN_KEYS,
  ...SPECIAL_RIGHTS,
  'admin_last_updated',
];

/** The users sheet: the chosen users (or all), each right a column of its own. */
export async function usersSheet(db: Db, caller: Authenticated, chosen: string[] | undefined) {
  const rows = (await listUsers(db, caller))
    .filter((row) => !chosen || chosen.includes(row.admin_uid))
    .map(({ rights, ...row }) => ({ ...row, ...rights }));
  return { name: 'users', columns: USER_EXPORT_COLUMNS, rows };
}
