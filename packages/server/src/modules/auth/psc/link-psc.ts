import type { SsoReturnQuery } from '@sil/contract';
import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../../db/schema/users.js';
import { type Authenticated, actorOf, type RequestOrigin } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { type AuthDeps, securityEvent } from '../deps.js';
import { exchange } from './exchange.js';

/** Links the logged-in account to the professional who came back (the departure was this user's). */
export async function linkPsc(
  deps: AuthDeps,
  caller: Authenticated,
  input: SsoReturnQuery,
  origin: RequestOrigin,
) {
  const { professional, uid } = await exchange(deps, input, 'link', origin);
  if (uid !== caller.user.admin_uid) return fail('ssoRequestNotFound');
  const linkedAt = new Date().toISOString();
  await writeTransaction(
    deps.db,
    actorOf(caller),
    async (tx) => {
      const [other] = await tx
        .select({ uid: users.admin_uid })
        .from(users)
        .where(and(eq(users.psc_subject, professional.nationalId), ne(users.admin_uid, uid)));
      if (other) fail('ssoAlreadyLinked');
      await tx
        .update(users)
        .set({ psc_subject: professional.nationalId, psc_linked_at: linkedAt })
        .where(eq(users.admin_uid, uid));
    },
    { comment: 'Pro Santé Connect link' },
  );
  await securityEvent(deps, {
    type: 'sso_linked',
    origin,
    uid,
    laboratoryId: caller.user.laboratory_id,
    email: caller.user.user_email,
    detail: `${professional.nationalId}; ${professional.summary}`,
  });
  return { psc_linked: true as const, psc_linked_at: linkedAt };
}
