import type { Preferences, UserData } from '@sil/contract';
import { DEFAULT_PREFERENCES } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { laboratories, users } from '../../db/schema/index.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { writeTransaction } from '../../lib/transaction.js';
import { userDataOf } from '../users/index.js';
import type { AuthDeps } from './deps.js';

/** The logged-in user as the web app shows them: rights, laboratory and preferences. */
export async function userData(deps: AuthDeps, caller: Authenticated): Promise<UserData> {
  const [lab] = await deps.db
    .select({ name: laboratories.laboratory_name })
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, caller.user.laboratory_id));
  if (!lab) return fail('laboratoryNotFound');
  return userDataOf(caller.user, lab.name);
}

/** Merges the changes into the stored preferences; what was never chosen keeps its default. */
export async function updatePreferences(
  deps: AuthDeps,
  caller: Authenticated,
  changes: Partial<Preferences>,
): Promise<Preferences> {
  const merged = { ...DEFAULT_PREFERENCES, ...caller.user.preferences, ...changes };
  await writeTransaction(deps.db, actorOf(caller), (tx) =>
    tx.update(users).set({ preferences: merged }).where(eq(users.admin_uid, caller.user.admin_uid)),
  );
  return merged;
}
