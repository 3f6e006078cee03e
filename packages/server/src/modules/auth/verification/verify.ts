import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../../db/schema/users.js';
import { fail } from '../../../lib/errors.js';
import { writeTransaction } from '../../../lib/transaction.js';
import { userById } from '../accounts.js';
import { consumeLinkWithValue } from '../challenges.js';
import type { AuthDeps } from '../deps.js';

/**
 * Marks the address or the number verified when its link comes back; a link that brings a new
 * value puts it in the account first (a number still used for SMS codes changes only now).
 */
export async function verify(deps: AuthDeps, secret: string, what: 'email' | 'phone') {
  const { uid, pendingValue } = await consumeLinkWithValue(
    deps.db,
    secret,
    what === 'email' ? 'verify_email' : 'verify_phone',
  );
  const user = await userById(deps, uid);
  const actor = { uid, laboratoryId: user.laboratory_id };
  if (what === 'email') {
    if (pendingValue === null && user.email_verified) return fail('alreadyVerified');
    if (pendingValue !== null && user.email_verified) return fail('cannotUpdateVerifiedEmail');
    await writeTransaction(deps.db, actor, async (tx) => {
      if (pendingValue !== null) {
        const [taken] = await tx
          .select({ uid: users.admin_uid })
          .from(users)
          .where(and(eq(users.user_email, pendingValue), ne(users.admin_uid, uid)));
        if (taken) fail('emailAlreadyInUse');
      }
      await tx
        .update(users)
        .set({ email_verified: true, ...(pendingValue !== null ? { user_email: pendingValue } : {}) })
        .where(eq(users.admin_uid, uid));
    });
    return;
  }
  if (pendingValue === null && user.phone_verified) return fail('alreadyVerified');
  await writeTransaction(deps.db, actor, async (tx) => {
    if (pendingValue !== null) {
      const [taken] = await tx
        .select({ uid: users.admin_uid })
        .from(users)
        .where(
          and(
            eq(users.user_phone_num, pendingValue),
            eq(users.phone_verified, true),
            ne(users.admin_uid, uid),
          ),
        );
      if (taken) fail('phoneAlreadyInUse');
    }
    await tx
      .update(users)
      .set({ phone_verified: true, ...(pendingValue !== null ? { user_phone_num: pendingValue } : {}) })
      .where(eq(users.admin_uid, uid));
  });
}
