/**
 * The error catalogue (spec.md §8). The code is the contract: the web app translates it,
 * the server answers `{ code, details }` with the HTTP status given here.
 */
export const ERROR_STATUS = {
  accessTokenExpired: 401,
  invalidAccessToken: 401,
  invalidRefreshToken: 401,
  invalidApiToken: 401,
  authNotFound: 401,
  incorrectCredentials: 401,
  incorrectOtp: 401,
  otpExpired: 401,
  otpNotFound: 401,
  resetExpired: 410,
  resetNotFound: 404,
  verificationExpired: 410,
  verificationNotFound: 404,
  alreadyVerified: 409,
  emailAlreadyInUse: 409,
  emailPendingVerification: 409,
  phoneAlreadyInUse: 409,
  incorrectEmail: 400,
  incorrectPhone: 400,
  missingVerifiedPhone: 409,
  cannotUpdateVerifiedEmail: 409,
  adminNotFound: 404,
  insufficientAdminRights: 403,
  noAdminRights: 403,
  insufficientRights: 403,
  clinicUserOverreached: 403,
  cannotUpdateRightsOfExternalUser: 409,
  analysisNotFound: 404,
  backupNotFound: 404,
  clinicNotFound: 404,
  collectorNotFound: 404,
  duplicateNotFound: 404,
  familyNotFound: 404,
  laboratoryNotFound: 404,
  machineNotFound: 404,
  matrixNotFound: 404,
  nabmNotFound: 404,
  ncaNotFound: 404,
  parameterNotFound: 404,
  patientNotFound: 404,
  prescriberNotFound: 404,
  recordNotFound: 404,
  sampleNotFound: 404,
  sampleTypeNotFound: 404,
  templateNotFound: 404,
  userNotFound: 404,
  optionsPresetNotFound: 404,
  formatterNotFound: 404,
  typeCheckFunNotFound: 404,
  routeConfigNotFound: 404,
  analysisIncomplete: 422,
  parameterIncomplete: 422,
  recordIncomplete: 422,
  sampleIncomplete: 422,
  missingData: 400,
  incorrectType: 400,
  invalidBounds: 400,
  outOfBounds: 400,
  invalidName: 400,
  nameTaken: 409,
  codeAlreadyInUse: 409,
  nabmAlreadyInUse: 409,
  invalidClinicCode: 400,
  invalidOption: 400,
  invalidOperation: 400,
  invalidAccessSettings: 400,
  invalidPassword: 400,
  cannotChangeSelectedAnalysesStructure: 409,
  cannotOrderHiddenAnalyses: 409,
  cannotDelete: 409,
  cannotDowngradeStatus: 409,
  cannotEditLock: 409,
  invalidListOfPatientsToDelete: 400,
  invalidRecordStatusForInvalidation: 409,
  invalidRecordStatusForUpdate: 409,
  invalidRecordStatusForValidation: 409,
  recordAlreadyScanned: 409,
  recordIdCreationFailed: 500,
  insInfoNotFound: 502,
  insStatusNotFound: 502,
  csvExportFailed: 500,
  noTablesToBackup: 400,
  reportsApiReqFailed: 502,
  smartApiReqFailed: 502,
  qcServiceConnectionFailed: 502,
  mustCloseNct: 409,
  noSamplesValidated: 400,
  sampleIsLocked: 409,
  activeLBloc: 409,
  // Codes added by this product (documented in docs/api.md and both locales).
  staleUpdate: 409,
  tooManyAttempts: 429,
  ssoNotConfigured: 503,
  payloadTooLarge: 413,
  invalidImportFile: 400,
  nabmConflict: 409,
  fileNotFound: 404,
  unsupportedFileType: 415,
  unexpectedError: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** One invalid field of a request, so that a form can show the message under the right input. */
export interface FieldIssue {
  path: string;
  message: string;
}

export interface ErrorBody {
  code: ErrorCode;
  details?: { issues?: FieldIssue[]; [key: string]: unknown };
}
