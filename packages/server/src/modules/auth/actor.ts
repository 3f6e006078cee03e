import type { Actor } from '../../lib/transaction.js';
import type { Authenticated } from './session-service.js';

/** The logged-in user as the audit trail names the author of a write. */
export const actorOf = (auth: Authenticated): Actor => ({
  uid: auth.user.admin_uid,
  laboratoryId: auth.user.laboratory_id,
});
