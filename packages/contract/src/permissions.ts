/** Permission keys and levels (spec.md §6). */
export const ADMIN_KEYS = [
  'admin_nabms',
  'admin_patients',
  'admin_records',
  'admin_prescribers',
  'admin_analyses',
  'admin_parameters',
  'admin_samples',
  'admin_sample_types',
  'admin_machines',
  'admin_families',
  'admin_matrices',
  'admin_access',
  'admin_clinics',
  'admin_collectors',
] as const;
export type AdminKey = (typeof ADMIN_KEYS)[number];

export const PERMISSION_LEVEL = { none: 0, read: 1, edit: 2, delete: 3 } as const;
export type PermissionLevel = 0 | 1 | 2 | 3;

/** Special rights, independent of the per-area levels. */
export const SPECIAL_RIGHTS = [
  'admin_rights',
  'validation_admin',
  'invalidation_admin',
  'billing_user',
  'medical_user',
] as const;
export type SpecialRight = (typeof SPECIAL_RIGHTS)[number];

export const USER_TYPES = ['internal', 'external', 'prescriber'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const EXTERNAL_ACCOUNT_TYPES = ['medical', 'billing'] as const;
export type ExternalAccountType = (typeof EXTERNAL_ACCOUNT_TYPES)[number];

export type Rights = Record<AdminKey, PermissionLevel> &
  Record<SpecialRight, boolean> & {
    user_type: UserType;
    clinic_id: string | null;
    prescriber_id: string | null;
  };

export function emptyRights(userType: UserType = 'internal'): Rights {
  const levels = Object.fromEntries(ADMIN_KEYS.map((key) => [key, 0])) as Record<AdminKey, PermissionLevel>;
  const specials = Object.fromEntries(SPECIAL_RIGHTS.map((key) => [key, false])) as Record<
    SpecialRight,
    boolean
  >;
  return { ...levels, ...specials, user_type: userType, clinic_id: null, prescriber_id: null };
}

/**
 * Who may call a route. Every route of the API declares exactly one rule; the server refuses
 * to start with a route that has none.
 */
export type AccessRule =
  | { kind: 'public' }
  /** The refresh token in the body is the credential (logout, refresh). */
  | { kind: 'refreshToken' }
  /**
   * A workstation agent's own calls (issue 41): its credential (`Bearer <agent_id>.<secret>`) is
   * checked by the authorization hook; no user, no rights. A user's session is refused.
   */
  | { kind: 'agent' }
  | { kind: 'authenticated'; userTypes?: readonly UserType[] }
  | {
      kind: 'permission';
      key: AdminKey;
      level: 1 | 2 | 3;
      userTypes?: readonly UserType[];
      /**
       * External (clinic) users may read this without levels; the service limits them to their
       * clinic. `'medical'`: only a clinic's medical users. Results and reports are covered by
       * medical secrecy, and a clinic's billing user sees bills, not results (decision 0012).
       */
      externalsRead?: boolean | 'medical';
      /** Prescribers may read this without levels; the service limits them to what they prescribed. */
      prescribersRead?: boolean;
      /** A clinic's medical user may write this (its clinic's records only, the service says). */
      externalsWrite?: boolean;
    }
  | { kind: 'special'; right: SpecialRight; userTypes?: readonly UserType[] };

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; code: 'noAdminRights' | 'insufficientAdminRights' | 'insufficientRights' };

/** The single authorization decision, shared by the server (enforcement) and the web app (display). */
export function decideAccess(rule: AccessRule, rights: Rights | null): AccessDecision {
  if (rule.kind === 'public' || rule.kind === 'refreshToken') return { allowed: true };
  // Agents have no user rights: their credential is the whole decision, taken by the server.
  if (rule.kind === 'agent') return { allowed: false, code: 'insufficientRights' };
  if (!rights) return { allowed: false, code: 'insufficientRights' };
  if (rule.kind === 'special') {
    const typeAllowed = !rule.userTypes || rule.userTypes.includes(rights.user_type);
    return rights[rule.right] && typeAllowed
      ? { allowed: true }
      : { allowed: false, code: 'insufficientRights' };
  }
  if (rule.kind === 'permission') {
    const portal =
      (rule.externalsRead === true && rights.user_type === 'external') ||
      (rule.externalsRead === 'medical' && rights.user_type === 'external' && rights.medical_user) ||
      (rule.prescribersRead && rights.user_type === 'prescriber') ||
      (rule.externalsWrite && rights.user_type === 'external' && rights.medical_user);
    if (portal) return { allowed: true };
  }
  if (rule.userTypes && !rule.userTypes.includes(rights.user_type)) {
    return { allowed: false, code: 'insufficientRights' };
  }
  if (rule.kind === 'authenticated') return { allowed: true };
  const level = rights[rule.key];
  if (level === 0) return { allowed: false, code: 'noAdminRights' };
  if (level < rule.level) return { allowed: false, code: 'insufficientAdminRights' };
  return { allowed: true };
}
