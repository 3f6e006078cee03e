import { z } from 'zod';
import {
  authMachineId,
  email,
  formBoolean,
  lastUpdated,
  locale,
  otpCode,
  passwordDigest,
  personName,
  phoneNumber,
  uuid,
} from './fields.js';
import {
  ADMIN_KEYS,
  type AdminKey,
  EXTERNAL_ACCOUNT_TYPES,
  SPECIAL_RIGHTS,
  type SpecialRight,
  USER_TYPES,
} from './permissions.js';

export const LoginBody = z.object({
  email,
  auth_machine_id: authMachineId,
  password: z.string().min(1).max(512),
  locale: locale.optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const Tokens = z.object({ access_token: z.string(), refresh_token: z.string(), uid: uuid });
export type Tokens = z.infer<typeof Tokens>;

export const LoginAnswer = z.union([z.object({ otpSent: z.literal(true) }), Tokens]);
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const LoginWithOtpBody = z.object({ email, auth_machine_id: authMachineId, otp_code: otpCode });
export type LoginWithOtpBody = z.infer<typeof LoginWithOtpBody>;

const level = z.coerce.number().int().min(0).max(3) as unknown as z.ZodType<0 | 1 | 2 | 3>;

export const RightsSchema = z.object({
  ...(Object.fromEntries(ADMIN_KEYS.map((key) => [key, level])) as Record<AdminKey, typeof level>),
  ...(Object.fromEntries(SPECIAL_RIGHTS.map((key) => [key, z.boolean()])) as Record<
    SpecialRight,
    z.ZodBoolean
  >),
  user_type: z.enum(USER_TYPES),
  clinic_id: uuid.nullable(),
  prescriber_id: uuid.nullable(),
});

export const RefreshTokensBody = z.object({
  uid: uuid,
  auth_machine_id: authMachineId,
  refresh_token: z.string().min(1),
});
export const RefreshTokensAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  rights: RightsSchema,
});

export const IsAccessTokenValidBody = z.object({
  uid: uuid,
  auth_machine_id: authMachineId,
  access_token: z.string().min(1),
});
export const IsAccessTokenValidAnswer = z.object({ valid: z.literal(true), rights: RightsSchema });

export const LogoutBody = z.object({ refresh_token: z.string().min(1) });
export const Success = z.object({ success: z.literal(true) });

/** Levels and special rights an administrator grants; anything left out is 0 / false. */
export const GrantedRights = z.object({
  ...(Object.fromEntries(ADMIN_KEYS.map((key) => [key, level.optional()])) as Record<
    AdminKey,
    z.ZodOptional<typeof level>
  >),
  ...(Object.fromEntries(SPECIAL_RIGHTS.map((key) => [key, formBoolean.optional()])) as Record<
    SpecialRight,
    z.ZodOptional<typeof formBoolean>
  >),
});
export type GrantedRights = z.infer<typeof GrantedRights>;

const newUserBase = {
  user_name: personName(200),
  user_email: email,
  user_phone_num: phoneNumber.optional(),
  /** Optional initial password (SHA-256 hex); without it the user receives an invitation e-mail. */
  user_password: passwordDigest.optional(),
  /** Require an SMS code at every login; needs user_phone_num. */
  otp_enabled: formBoolean.optional(),
  locale: locale.optional(),
};
export const AddNewUserBody = z.object({ ...newUserBase, ...GrantedRights.shape });
export const AddNewExternalUserBody = z.object({
  ...newUserBase,
  clinic_id: uuid,
  external_account_type: z.enum(EXTERNAL_ACCOUNT_TYPES),
});
export const AddNewPrescriberUserBody = z.object({ ...newUserBase, prescriber_id: uuid.optional() });
export const NewUserAnswer = z.object({ admin_uid: uuid, invitation_sent: z.boolean() });

export const RequestPasswordResetBody = z.object({ email, locale: locale.optional() });
export const RequestPasswordResetAnswer = z.object({ sent: z.literal(true) });
export const ResetPasswordBody = z.object({
  reset_password_link: z.string().min(16).max(200),
  new_password: passwordDigest,
});

export const Preferences = z.object({
  theme: z.enum(['light', 'dark']),
  color_blind: z.boolean(),
  font_size: z.enum(['small', 'medium', 'large']),
  locale,
  /** spec.md §2 'Settings', §9: notification frequency None or Push. */
  notifications: z.enum(['none', 'push']),
});
export type Preferences = z.infer<typeof Preferences>;
export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'light',
  color_blind: false,
  font_size: 'medium',
  locale: 'fr',
  notifications: 'none',
};
export const UpdatePreferencesBody = z.object({
  theme: Preferences.shape.theme.optional(),
  color_blind: formBoolean.optional(),
  font_size: Preferences.shape.font_size.optional(),
  locale: locale.optional(),
  notifications: Preferences.shape.notifications.optional(),
});

export const VerificationBody = z.object({ verification_token: z.string().min(16).max(200) });
export const VerificationRequestBody = z.object({ locale: locale.optional() });

export const UserData = z.object({
  admin_uid: uuid,
  user_name: z.string(),
  user_email: z.string(),
  user_phone_num: z.string().nullable(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  otp_enabled: z.boolean(),
  user_type: z.enum(USER_TYPES),
  user_external: z.boolean(),
  user_is_prescriber: z.boolean(),
  external_account_type: z.enum(EXTERNAL_ACCOUNT_TYPES).nullable(),
  laboratory_id: uuid,
  laboratory_name: z.string(),
  preferences: Preferences,
  rights: RightsSchema,
  admin_last_updated: z.string(),
});
export type UserData = z.infer<typeof UserData>;

export const AdminRow = UserData.omit({ preferences: true, laboratory_name: true }).extend({
  user_disabled: z.boolean(),
});
export type AdminRow = z.infer<typeof AdminRow>;

export const GetAdminQuery = z.object({ admin_uid: uuid });
export const UpdateAdminAccessBody = z.object({
  admin_uid: uuid,
  admin_last_updated: lastUpdated,
  user_disabled: formBoolean.optional(),
  ...GrantedRights.shape,
});
