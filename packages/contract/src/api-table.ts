import { ERROR_STATUS, type ErrorCode } from './errors.js';
import { ISSUE_ERROR_CODES } from './fields.js';
import { fileRoutes } from './file-routes.js';
import { referenceRouteTable } from './reference/routes.js';
import type { ApiRouteDef } from './route-def.js';
import { routes } from './routes.js';

/**
 * Every call of the API, by call name: the JSON calls, the file calls and the generated calls of
 * the reference tables. The server registers exactly these (a test walks its routes against it) and
 * the API documentation lists them.
 */
export const apiTable: Record<string, ApiRouteDef> = { ...routes, ...fileRoutes, ...referenceRouteTable };

/** What any protected call may answer before its own rules run: the session, then the rights. */
function accessErrors(def: ApiRouteDef): ErrorCode[] {
  const { access } = def;
  if (access.kind === 'public') return [];
  if (access.kind === 'refreshToken') return ['invalidRefreshToken'];
  if (access.kind === 'agent') return ['invalidAgentCredential', 'analyserNotServed'];
  const session: ErrorCode[] = ['invalidAccessToken', 'accessTokenExpired', 'authNotFound'];
  if (access.kind === 'permission')
    return [...session, 'noAdminRights', 'insufficientAdminRights', 'insufficientRights'];
  if (access.kind === 'special' || access.userTypes) return [...session, 'insufficientRights'];
  return session;
}

/**
 * The catalogue codes a call can answer, grouped by HTTP status: those of its access rule, of its
 * input (validation, size), its own rules, and the bare 500 any call may give.
 */
export function errorAnswersOf(def: ApiRouteDef): Map<number, ErrorCode[]> {
  const hasInput = Boolean(def.query || ('body' in def && def.body) || ('fields' in def && def.fields));
  // The field-kind codes (ISSUE_ERROR_CODES) come with any input that holds such a field.
  const input: ErrorCode[] = hasInput
    ? ['incorrectType', 'missingData', ...new Set(Object.values(ISSUE_ERROR_CODES))]
    : [];
  const carriesBody = def.method !== 'GET';
  // A user's write may carry an idempotency key (decision 0033); files and redirects do not keep one.
  const keyed =
    carriesBody &&
    !['public', 'refreshToken', 'agent'].includes(def.access.kind) &&
    (!('kind' in def) || def.kind === undefined || def.kind === 'json' || def.kind === 'upload');
  const codes = new Set<ErrorCode>([
    ...accessErrors(def),
    ...input,
    ...(carriesBody ? (['payloadTooLarge', 'unsupportedMediaType'] as const) : []),
    ...(keyed ? (['idempotencyKeyReused', 'requestInProgress', 'requestAnswerLost'] as const) : []),
    ...(def.errors ?? []),
    'unexpectedError',
  ]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}
