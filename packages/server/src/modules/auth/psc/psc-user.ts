import type { SsoReturnQuery } from '@sil/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/users.js';
import type { RequestOrigin } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { issueLink } from '../challenges.js';
import { type AuthDeps, securityEvent } from '../deps.js';
import { exchange } from './exchange.js';
import { SSO_TICKET_PREFIX } from './provider.js';

const TICKET_TTL_SECONDS = 2 * 60;

/**
 * spec.md §7 GET /get-{provider}-user: the linked account's e-mail and a single-use value that
 * /login takes in place of the password. An unknown professional gets ssoUnknownProfessional: no
 * account is ever created by a single sign-on.
 */
export async function pscUser(deps: AuthDeps, input: SsoReturnQuery, origin: RequestOrigin) {
  const { professional } = await exchange(deps, input, 'login', origin);
  const [user] = await deps.db.select().from(users).where(eq(users.psc_subject, professional.nationalId));
  if (!user || user.user_disabled) {
    await securityEvent(deps, {
      type: 'sso_refused',
      origin,
      uid: user?.admin_uid,
      detail: `no linked account for ${professional.nationalId}`,
    });
    return fail('ssoUnknownProfessional');
  }
  const secret = await issueLink(deps.db, user.admin_uid, 'sso_login', TICKET_TTL_SECONDS);
  return [{ user_email: user.user_email, user_password: `${SSO_TICKET_PREFIX}${secret}` }];
}
