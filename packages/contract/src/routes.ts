import type { z } from 'zod';
import {
  AddNewExternalUserBody,
  AddNewPrescriberUserBody,
  AddNewUserBody,
  AdminRow,
  GetAdminQuery,
  IsAccessTokenValidAnswer,
  IsAccessTokenValidBody,
  LoginAnswer,
  LoginBody,
  LoginWithOtpBody,
  LogoutBody,
  NewUserAnswer,
  Preferences,
  RefreshTokensAnswer,
  RefreshTokensBody,
  RequestPasswordResetAnswer,
  RequestPasswordResetBody,
  ResetPasswordBody,
  Success,
  Tokens,
  UpdateAdminAccessBody,
  UpdatePreferencesBody,
  UserData,
  VerificationBody,
  VerificationRequestBody,
} from './auth.js';
import type { AccessRule } from './permissions.js';
import { documentRoutes } from './records/documents.js';
import { recordRoutes } from './records/routes.js';

/**
 * The API route table: one entry per call, used by the server to register and authorize the
 * route and by the web client to call it with the right types. Paths are spec.md §7's.
 */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: AccessRule;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
}

const publicAccess = { kind: 'public' } as const;
const anyUser = { kind: 'authenticated' } as const;

const accountRoutes = {
  login: {
    method: 'POST',
    path: '/auth/login',
    access: publicAccess,
    summary: 'Log in with e-mail and password; answers tokens, or otpSent when an SMS code is required',
    body: LoginBody,
    response: LoginAnswer,
  },
  loginWithOtp: {
    method: 'POST',
    path: '/auth/login-with-otp',
    access: publicAccess,
    summary: 'Second step of a login with SMS one-time password',
    body: LoginWithOtpBody,
    response: Tokens,
  },
  refreshTokens: {
    method: 'POST',
    path: '/auth/refresh-tokens',
    access: { kind: 'refreshToken' },
    summary: 'Rotate the refresh token and issue a new access token',
    body: RefreshTokensBody,
    response: RefreshTokensAnswer,
  },
  isAccessTokenValid: {
    method: 'POST',
    path: '/auth/is-access-token-valid',
    access: publicAccess,
    summary: 'Check an access token and answer the rights of its user',
    body: IsAccessTokenValidBody,
    response: IsAccessTokenValidAnswer,
  },
  logout: {
    method: 'PUT',
    path: '/auth/logout',
    access: { kind: 'refreshToken' },
    summary: 'End the session that the refresh token belongs to',
    body: LogoutBody,
    response: Success,
  },
  addNewUser: {
    method: 'POST',
    path: '/auth/add-new-user',
    access: { kind: 'permission', key: 'admin_access', level: 2, userTypes: ['internal'] },
    summary: 'Create an internal user with rights',
    body: AddNewUserBody,
    response: NewUserAnswer,
  },
  addNewExternalUser: {
    method: 'POST',
    path: '/auth/add-new-external-user',
    access: { kind: 'permission', key: 'admin_access', level: 2, userTypes: ['internal'] },
    summary: 'Create an external (clinic) user, medical or billing',
    body: AddNewExternalUserBody,
    response: NewUserAnswer,
  },
  addNewPrescriberUser: {
    method: 'POST',
    path: '/auth/add-new-prescriber-user',
    access: { kind: 'permission', key: 'admin_access', level: 2, userTypes: ['internal'] },
    summary: 'Create a prescriber user for the prescriber portal',
    body: AddNewPrescriberUserBody,
    response: NewUserAnswer,
  },
  requestPasswordReset: {
    method: 'PUT',
    path: '/api/request-password-reset',
    access: publicAccess,
    summary: 'Send a password-reset link by e-mail (answers the same whether the address exists or not)',
    body: RequestPasswordResetBody,
    response: RequestPasswordResetAnswer,
  },
  resetPassword: {
    method: 'PUT',
    path: '/api/reset-password',
    access: publicAccess,
    summary: 'Set a new password with the link of a reset or invitation e-mail',
    body: ResetPasswordBody,
    response: Success,
  },
  getUserData: {
    method: 'GET',
    path: '/api/get-user-data',
    access: anyUser,
    summary: 'The logged-in user, with rights and preferences',
    response: UserData,
  },
  updateUserPreferences: {
    method: 'PUT',
    path: '/api/update-user-preferences',
    access: anyUser,
    summary: 'Save the theme, colour-blind mode, font size and language of the logged-in user',
    body: UpdatePreferencesBody,
    response: Preferences,
  },
  requestEmailVerification: {
    method: 'PUT',
    path: '/api/request-email-verification',
    access: anyUser,
    summary: 'Send a verification link to the e-mail address of the logged-in user',
    body: VerificationRequestBody,
    response: Success,
  },
  requestPhoneVerification: {
    method: 'PUT',
    path: '/api/request-phone-verification',
    access: anyUser,
    summary: 'Send a verification link by SMS to the mobile number of the logged-in user',
    body: VerificationRequestBody,
    response: Success,
  },
  verifyEmail: {
    method: 'PUT',
    path: '/api/verify-email',
    access: publicAccess,
    summary: 'Confirm an e-mail address with the link sent to it',
    body: VerificationBody,
    response: Success,
  },
  verifyPhoneNumber: {
    method: 'PUT',
    path: '/api/verify-phone-number',
    access: publicAccess,
    summary: 'Confirm a mobile number with the link sent to it',
    body: VerificationBody,
    response: Success,
  },
  getAdmins: {
    method: 'GET',
    path: '/api/get-admins',
    access: { kind: 'permission', key: 'admin_access', level: 1, userTypes: ['internal'] },
    summary: 'Users of the laboratory, sorted by name',
    response: AdminRow.array(),
  },
  getAdmin: {
    method: 'GET',
    path: '/api/get-admin',
    access: { kind: 'permission', key: 'admin_access', level: 1, userTypes: ['internal'] },
    summary: 'One user (answered as a one-item array)',
    query: GetAdminQuery,
    response: AdminRow.array(),
  },
  updateAdminAccess: {
    method: 'PUT',
    path: '/api/update-admin-access',
    access: { kind: 'permission', key: 'admin_access', level: 2, userTypes: ['internal'] },
    summary: "Change a user's rights or disable the account; refused when admin_last_updated is stale",
    body: UpdateAdminAccessBody,
    response: AdminRow,
  },
} as const satisfies Record<string, RouteDef>;

export const routes = { ...accountRoutes, ...recordRoutes, ...documentRoutes } as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Field<R, K extends string> = R extends Record<K, infer S extends z.ZodType> ? z.input<S> : undefined;
export type RouteBody<N extends RouteName> = Field<Routes[N], 'body'>;
export type RouteQuery<N extends RouteName> = Field<Routes[N], 'query'>;
export type RouteAnswer<N extends RouteName> = z.output<Routes[N]['response']>;
