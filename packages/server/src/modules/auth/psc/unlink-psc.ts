import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/users.js';
import { type Authenticated, actorOf, type RequestOrigin } from '../../../lib/auth-context.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { type AuthDeps, securityEvent } from '../deps.js';

/** Unlinks the logged-in account from its professional: single sign-on no longer reaches it. */
export async function unlinkPsc(deps: AuthDeps, caller: Authenticated, origin: RequestOrigin) {
  await writeTransaction(
    deps.db,
    actorOf(caller),
    (tx) =>
      tx
        .update(users)
        .set({ psc_subject: null, psc_linked_at: null })
        .where(eq(users.admin_uid, caller.user.admin_uid)),
    { comment: 'Pro Santé Connect link removed' },
  );
  await securityEvent(deps, {
    type: 'sso_unlinked',
    origin,
    uid: caller.user.admin_uid,
    laboratoryId: caller.user.laboratory_id,
    email: caller.user.user_email,
  });
}
