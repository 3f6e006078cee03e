import type { Rights } from '@sil/contract';
import type { authSessions } from '../db/schema/auth.js';
import type { users } from '../db/schema/users.js';

/**
 * Who is calling and from where: the types every module shares, kept here so that no module has to
 * reach into auth (or auth into users) to name its caller.
 */

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authSessions.$inferSelect;

/** The caller of a protected route, as the authorization hook found it. */
export interface Authenticated {
  user: UserRow;
  session: SessionRow;
  rights: Rights;
}

/** Who is writing, as the audit trail records it: a user's admin_uid, or 'system'. */
export interface Actor {
  uid: string;
  laboratoryId: string | null;
}

/** Where a request came from, as security events record it. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | undefined;
}

/** The logged-in user as the audit trail names the author of a write. */
export const actorOf = (auth: Authenticated): Actor => ({
  uid: auth.user.admin_uid,
  laboratoryId: auth.user.laboratory_id,
});
