import { z } from 'zod';
import { Success } from '../auth.js';
import { email, formBoolean, locale, passwordDigest, phoneNumber, uuid } from '../fields.js';
import type { RouteDef } from '../route-def.js';

/** Account and security settings (spec.md §2 'Settings', §4 'Session', §5; issue 18). */

export const RequestEmailChangeBody = z.object({ new_email: email, locale: locale.optional() });
export const RequestPhoneChangeBody = z.object({ new_phone: phoneNumber, locale: locale.optional() });

export const ChangePasswordBody = z.object({
  previous_password: passwordDigest,
  new_password: passwordDigest,
});

export const UpdateOtpBody = z.object({ otp_enabled: formBoolean });
export const UpdateOtpAnswer = z.object({ otp_enabled: z.boolean() });

/** One open session of the logged-in user: a browser where they are logged in. */
export const OwnSession = z.object({
  session_id: uuid,
  auth_machine_id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof OwnSession>;

export const LogoutEverywhereBody = z.object({
  /** Keep the session that asks (the other browsers are logged out). */
  keep_current: formBoolean.optional(),
});
export const LogoutEverywhereAnswer = z.object({ ended: z.number().int() });

/** Pending requests and the national single sign-on link, as the account and security pages show them. */
export const AccountStatus = z.object({
  pending_email: z.string().nullable(),
  pending_phone: z.string().nullable(),
  psc_linked: z.boolean(),
  psc_linked_at: z.string().nullable(),
  psc_configured: z.boolean(),
  push_configured: z.boolean(),
  push_subscriptions: z.number().int(),
});
export type AccountStatus = z.infer<typeof AccountStatus>;

/** The return of the single sign-on provider (spec.md §4 'Session', §7 'get-{provider}-user'). */
export const SsoReturnQuery = z.object({
  state: z.string().min(16).max(200),
  session_state: z.string().max(500).optional(),
  code: z.string().min(1).max(2000),
  iss: z.string().max(500).optional(),
});
export type SsoReturnQuery = z.infer<typeof SsoReturnQuery>;

/** What /login takes for a single sign-on: the e-mail and a single-use value in place of the password. */
export const SsoUser = z.object({ user_email: z.string(), user_password: z.string() });

export const StartSsoLinkBody = z.object({ locale: locale.optional() });
export const StartSsoLinkAnswer = z.object({ url: z.string() });
export const SsoLinkAnswer = z.object({ psc_linked: z.literal(true), psc_linked_at: z.string() });

/** A Web Push subscription of this browser (the PushSubscription's endpoint and keys). */
export const PushSubscriptionBody = z.object({
  endpoint: z.string().url().max(2000),
  p256dh: z.string().min(16).max(200),
  auth: z.string().min(8).max(100),
});
export const PushKeyAnswer = z.object({ public_key: z.string() });
export const TestPushAnswer = z.object({ sent: z.number().int() });

/** The information page (spec.md §2 'Settings', Info): the laboratory and its accreditations. */
export const LaboratoryInformation = z.object({
  laboratory_name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  finess: z.string().nullable(),
  /** The accreditation statement (COFRAC number and scope) as the laboratory set it. */
  accreditation: z.string().nullable(),
  analyses: z.number().int(),
  analyses_accredited_15189: z.number().int(),
  analyses_accredited_17025: z.number().int(),
});
export type LaboratoryInformation = z.infer<typeof LaboratoryInformation>;

const anyUser = { kind: 'authenticated' } as const;

export const accountSettingsRoutes = {
  getAccountStatus: {
    method: 'GET',
    path: '/api/get-account-status',
    access: anyUser,
    summary: 'Pending changes, single sign-on link, push',
    response: AccountStatus,
  },
  requestEmailChange: {
    method: 'PUT',
    path: '/api/request-email-change',
    access: anyUser,
    summary: 'Link to a new e-mail address',
    body: RequestEmailChangeBody,
    response: Success,
    errors: ['cannotUpdateVerifiedEmail', 'emailAlreadyInUse', 'emailPendingVerification', 'incorrectEmail'],
  },
  requestPhoneChange: {
    method: 'PUT',
    path: '/api/request-phone-change',
    access: anyUser,
    summary: 'SMS link to a new mobile number',
    body: RequestPhoneChangeBody,
    response: Success,
    errors: ['phoneAlreadyInUse', 'incorrectPhone', 'tooManyAttempts'],
  },
  changePassword: {
    method: 'PUT',
    path: '/api/change-password',
    access: anyUser,
    summary: 'Change own password',
    body: ChangePasswordBody,
    response: Success,
    errors: ['incorrectCredentials', 'tooManyAttempts', 'invalidPassword'],
  },
  updateOtp: {
    method: 'PUT',
    path: '/api/update-otp',
    access: anyUser,
    summary: 'SMS code at login on or off',
    body: UpdateOtpBody,
    response: UpdateOtpAnswer,
    errors: ['missingVerifiedPhone'],
  },
  getOwnSessions: {
    method: 'GET',
    path: '/api/get-own-sessions',
    access: anyUser,
    summary: 'Own open sessions',
    response: OwnSession.array(),
  },
  logoutEverywhere: {
    method: 'PUT',
    path: '/api/logout-everywhere',
    access: anyUser,
    summary: 'End own sessions',
    body: LogoutEverywhereBody,
    response: LogoutEverywhereAnswer,
  },
  getPscUser: {
    method: 'GET',
    path: '/api/get-psc-user',
    access: { kind: 'public' },
    summary: 'Pro Santé Connect return to login value',
    query: SsoReturnQuery,
    response: SsoUser.array(),
    errors: [
      'ssoNotConfigured',
      'ssoRequestNotFound',
      'ssoFailed',
      'ssoLevelInsufficient',
      'ssoUnknownProfessional',
    ],
  },
  startPscLink: {
    method: 'POST',
    path: '/api/start-psc-link',
    access: anyUser,
    summary: 'Pro Santé Connect link address',
    body: StartSsoLinkBody,
    response: StartSsoLinkAnswer,
    errors: ['ssoNotConfigured', 'ssoFailed'],
  },
  linkPscAccount: {
    method: 'PUT',
    path: '/api/link-psc-account',
    access: anyUser,
    summary: 'Link to Pro Santé Connect',
    body: SsoReturnQuery,
    response: SsoLinkAnswer,
    errors: [
      'ssoNotConfigured',
      'ssoRequestNotFound',
      'ssoFailed',
      'ssoLevelInsufficient',
      'ssoAlreadyLinked',
    ],
  },
  unlinkPscAccount: {
    method: 'PUT',
    path: '/api/unlink-psc-account',
    access: anyUser,
    summary: 'Unlink Pro Santé Connect',
    body: z.object({}),
    response: Success,
  },
  getPushKey: {
    method: 'GET',
    path: '/api/get-push-key',
    access: anyUser,
    summary: 'VAPID public key',
    response: PushKeyAnswer,
    errors: ['pushNotConfigured'],
  },
  addPushSubscription: {
    method: 'POST',
    path: '/api/add-push-subscription',
    access: anyUser,
    summary: 'Keep a push subscription',
    body: PushSubscriptionBody,
    response: Success,
    errors: ['pushNotConfigured', 'destinationNotAllowed'],
  },
  sendTestPush: {
    method: 'POST',
    path: '/api/send-test-push',
    access: anyUser,
    summary: 'Send a test push',
    body: z.object({}),
    response: TestPushAnswer,
    errors: ['pushNotConfigured', 'noPushSubscription'],
  },
  getLaboratoryInformation: {
    method: 'GET',
    path: '/api/get-laboratory-information',
    access: anyUser,
    summary: 'Laboratory and accreditations',
    response: LaboratoryInformation,
    errors: ['laboratoryNotFound'],
  },
} as const satisfies Record<string, RouteDef>;
