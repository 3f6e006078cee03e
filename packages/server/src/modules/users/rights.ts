import {
  ADMIN_KEYS,
  type AdminRow,
  DEFAULT_PREFERENCES,
  type GrantedRights,
  type Rights,
  SPECIAL_RIGHTS,
  type UserData,
} from '@sil/contract';
import type { UserRow } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import { toIso } from '../../lib/time.js';

export function rightsOf(user: UserRow): Rights {
  const rights = {} as Rights;
  for (const key of ADMIN_KEYS) rights[key] = user[key] as Rights[typeof key];
  for (const key of SPECIAL_RIGHTS) rights[key] = user[key];
  rights.user_type = user.user_type;
  rights.clinic_id = user.clinic_id;
  rights.prescriber_id = user.prescriber_id;
  return rights;
}

/** Column values for the rights an administrator grants: what is left out is 0 / false. */
export function rightsColumns(granted: GrantedRights, keepUnset?: UserRow) {
  const levels = Object.fromEntries(ADMIN_KEYS.map((key) => [key, granted[key] ?? keepUnset?.[key] ?? 0]));
  const specials = Object.fromEntries(
    SPECIAL_RIGHTS.map((key) => [key, granted[key] ?? keepUnset?.[key] ?? false]),
  );
  return { ...levels, ...specials } as Pick<
    UserRow,
    (typeof ADMIN_KEYS)[number] | (typeof SPECIAL_RIGHTS)[number]
  >;
}

/** Nobody grants more than they hold: every level at most the granter's, special rights only if held. */
export function assertCanGrant(granter: Rights, granted: GrantedRights): void {
  for (const key of ADMIN_KEYS) {
    if ((granted[key] ?? 0) > granter[key]) fail('insufficientAdminRights', { field: key });
  }
  for (const key of SPECIAL_RIGHTS) {
    if (granted[key] && !granter[key]) fail('insufficientAdminRights', { field: key });
  }
}

export function adminRowOf(user: UserRow): AdminRow {
  return {
    admin_uid: user.admin_uid,
    user_name: user.user_name,
    user_email: user.user_email,
    user_phone_num: user.user_phone_num,
    email_verified: user.email_verified,
    phone_verified: user.phone_verified,
    otp_enabled: user.otp_enabled,
    user_type: user.user_type,
    user_external: user.user_type === 'external',
    user_is_prescriber: user.user_type === 'prescriber',
    external_account_type: user.external_account_type,
    laboratory_id: user.laboratory_id,
    rights: rightsOf(user),
    user_disabled: user.user_disabled,
    admin_last_updated: toIso(user.admin_last_updated),
  };
}

export function userDataOf(user: UserRow, laboratoryName: string): UserData {
  const { user_disabled: _disabled, ...row } = adminRowOf(user);
  return {
    ...row,
    laboratory_name: laboratoryName,
    preferences: { ...DEFAULT_PREFERENCES, ...user.preferences },
  };
}
