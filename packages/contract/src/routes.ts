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
import { AddBackupBody, BackupFile, BackupIdQuery, BackupRow } from './backups.js';
import { deliveryRoutes } from './delivery/routes.js';
import { importMappingRoutes } from './imports/routes.js';
import { nonconformityRoutes } from './nonconformities/routes.js';
import { addSampleRoutes } from './records/add-sample.js';
import { documentRoutes } from './records/documents.js';
import { recordRoutes } from './records/routes.js';
import { resultReportRoutes } from './reports/routes.js';
import { resultRoutes } from './results/routes.js';
import type { RouteDef } from './route-def.js';
import { validationRoutes } from './validation/routes.js';
import { worklistRoutes } from './worklists/routes.js';

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
    errors: ['incorrectCredentials', 'tooManyAttempts', 'missingVerifiedPhone'],
  },
  loginWithOtp: {
    method: 'POST',
    path: '/auth/login-with-otp',
    access: publicAccess,
    summary: 'Second step of a login with SMS one-time password',
    body: LoginWithOtpBody,
    response: Tokens,
    errors: ['incorrectOtp', 'otpExpired', 'otpNotFound', 'tooManyAttempts'],
  },
  refreshTokens: {
    method: 'POST',
    path: '/auth/refresh-tokens',
    access: { kind: 'refreshToken' },
    summary: 'Rotate the refresh token and issue a new access token',
    body: RefreshTokensBody,
    response: RefreshTokensAnswer,
    errors: ['invalidRefreshToken'],
  },
  isAccessTokenValid: {
    method: 'POST',
    path: '/auth/is-access-token-valid',
    access: publicAccess,
    summary: 'Check an access token and answer the rights of its user',
    body: IsAccessTokenValidBody,
    response: IsAccessTokenValidAnswer,
    errors: ['invalidAccessToken', 'accessTokenExpired', 'authNotFound'],
  },
  logout: {
    method: 'PUT',
    path: '/auth/logout',
    access: { kind: 'refreshToken' },
    summary: 'End the session that the refresh token belongs to',
    body: LogoutBody,
    response: Success,
    errors: ['invalidRefreshToken'],
  },
  addNewUser: {
    method: 'POST',
    path: '/auth/add-new-user',
    access: { kind: 'permission', key: 'admin_access', level: 2, userTypes: ['internal'] },
    summary: 'Create an internal user with rights',
    body: AddNewUserBody,
    response: NewUserAnswer,
    errors: ['emailAlreadyInUse', 'incorrectPhone', 'laboratoryNotFound'],
  },
  addNewExternalUser: {
    method: 'POST',
    path: '/auth/add-new-external-user',
    access: { kind: 'permission', key: 'admin_access', level: 2, userTypes: ['internal'] },
    summary: 'Create an external (clinic) user, medical or billing',
    body: AddNewExternalUserBody,
    response: NewUserAnswer,
    errors: ['emailAlreadyInUse', 'incorrectPhone', 'clinicNotFound', 'laboratoryNotFound'],
  },
  addNewPrescriberUser: {
    method: 'POST',
    path: '/auth/add-new-prescriber-user',
    access: { kind: 'permission', key: 'admin_access', level: 2, userTypes: ['internal'] },
    summary: 'Create a prescriber user for the prescriber portal',
    body: AddNewPrescriberUserBody,
    response: NewUserAnswer,
    errors: ['emailAlreadyInUse', 'incorrectPhone', 'prescriberNotFound', 'laboratoryNotFound'],
  },
  requestPasswordReset: {
    method: 'PUT',
    path: '/api/request-password-reset',
    access: publicAccess,
    summary: 'Send a password-reset link by e-mail (answers the same whether the address exists or not)',
    body: RequestPasswordResetBody,
    response: RequestPasswordResetAnswer,
    errors: ['tooManyAttempts'],
  },
  resetPassword: {
    method: 'PUT',
    path: '/api/reset-password',
    access: publicAccess,
    summary: 'Set a new password with the link of a reset or invitation e-mail',
    body: ResetPasswordBody,
    response: Success,
    errors: ['resetNotFound', 'resetExpired', 'invalidPassword'],
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
    errors: ['alreadyVerified', 'tooManyAttempts'],
  },
  requestPhoneVerification: {
    method: 'PUT',
    path: '/api/request-phone-verification',
    access: anyUser,
    summary: 'Send a verification link by SMS to the mobile number of the logged-in user',
    body: VerificationRequestBody,
    response: Success,
    errors: ['alreadyVerified', 'tooManyAttempts', 'missingData', 'incorrectPhone'],
  },
  verifyEmail: {
    method: 'PUT',
    path: '/api/verify-email',
    access: publicAccess,
    summary: 'Confirm an e-mail address with the link sent to it',
    body: VerificationBody,
    response: Success,
    errors: ['verificationNotFound', 'verificationExpired'],
  },
  verifyPhoneNumber: {
    method: 'PUT',
    path: '/api/verify-phone-number',
    access: publicAccess,
    summary: 'Confirm a mobile number with the link sent to it',
    body: VerificationBody,
    response: Success,
    errors: ['verificationNotFound', 'verificationExpired'],
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
    errors: ['adminNotFound'],
  },
  updateAdminAccess: {
    method: 'PUT',
    path: '/api/update-admin-access',
    access: { kind: 'permission', key: 'admin_access', level: 2, userTypes: ['internal'] },
    summary: "Change a user's rights or disable the account; refused when admin_last_updated is stale",
    body: UpdateAdminAccessBody,
    response: AdminRow,
    errors: ['adminNotFound', 'staleUpdate', 'cannotUpdateRightsOfExternalUser', 'invalidOperation'],
  },
  // Backups of the laboratory's data (docs/decisions/0008-backups.md); restore is an operator command.
  addBackup: {
    method: 'POST',
    path: '/api/add-backup',
    access: { kind: 'permission', key: 'admin_access', level: 3, userTypes: ['internal'] },
    summary: "Back up the laboratory's data (every table, or those named), audit trail included",
    body: AddBackupBody,
    response: BackupRow,
    errors: ['noTablesToBackup', 'invalidOption'],
  },
  getBackups: {
    method: 'GET',
    path: '/api/get-backups',
    access: { kind: 'permission', key: 'admin_access', level: 3, userTypes: ['internal'] },
    summary: "The laboratory's backups, newest first",
    response: BackupRow.array(),
  },
  downloadBackup: {
    method: 'GET',
    path: '/api/download-backup',
    access: { kind: 'permission', key: 'admin_access', level: 3, userTypes: ['internal'] },
    summary: 'One backup file (gzipped NDJSON) as base64',
    query: BackupIdQuery,
    response: BackupFile,
    errors: ['backupNotFound'],
  },
} as const satisfies Record<string, RouteDef>;

/**
 * The API route table: one entry per call, used by the server to register and authorize the
 * route and by the web client to call it with the right types. Paths are spec.md §7's.
 */
export const routes = {
  ...accountRoutes,
  ...recordRoutes,
  ...addSampleRoutes,
  ...resultRoutes,
  ...importMappingRoutes,
  ...validationRoutes,
  ...nonconformityRoutes,
  ...worklistRoutes,
  ...documentRoutes,
  ...resultReportRoutes,
  ...deliveryRoutes,
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
type Field<R, K extends string> = R extends Record<K, infer S extends z.ZodType> ? z.input<S> : undefined;
export type RouteBody<N extends RouteName> = Field<Routes[N], 'body'>;
export type RouteQuery<N extends RouteName> = Field<Routes[N], 'query'>;
export type RouteAnswer<N extends RouteName> = z.output<Routes[N]['response']>;
