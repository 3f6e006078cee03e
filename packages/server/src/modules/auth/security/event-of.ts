import type { Authenticated, RequestOrigin } from '../../../lib/auth-context.js';

/** The caller and origin as a security event of theirs records them. */
export const eventOf = (caller: Authenticated, origin: RequestOrigin) => ({
  origin,
  uid: caller.user.admin_uid,
  laboratoryId: caller.user.laboratory_id,
  email: caller.user.user_email,
});
