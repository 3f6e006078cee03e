import { type RouteAnswer, type RouteBody, type RouteName, type RouteQuery, routes } from '@sil/contract';
import type { z } from 'zod';
import { type Credentials, clearSession, getCredentials, saveRights, updateTokens } from './session';

/** A failed call: the server's error code (spec.md §8), or unexpectedError when it sent none. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    /** Path of the call; its last segment titles the error toast. */
    readonly path: string,
    readonly details?: unknown,
  ) {
    super(`${path}: ${code}`);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestSpec<S extends z.ZodType> {
  method: Method;
  path: string;
  schema: S;
  body?: unknown;
  query?: unknown;
  credentials: Credentials | null;
}

/** Base address of the API; empty means the page's own origin (the server serves the app). */
const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';

function queryString(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // Arrays travel as `name[]` (spec.md §7 'generic table calls').
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function errorFrom(response: Response, path: string): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string') {
      return new ApiError(body.code, response.status, path, 'details' in body ? body.details : undefined);
    }
  } catch {
    // Not JSON: a proxy error page or an empty body; the generic message covers it.
  }
  return new ApiError('unexpectedError', response.status, path);
}

/** One HTTP exchange, answer validated by its schema. */
async function request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (spec.credentials) {
    headers.authorization = `Bearer ${spec.credentials.accessToken}`;
    headers.uid = spec.credentials.uid;
    headers.authmachineid = spec.credentials.authMachineId;
  }
  const init: RequestInit = { method: spec.method, headers };
  if (spec.body !== undefined && spec.method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(spec.body);
  }
  let response: Response;
  try {
    response = await fetch(`${API_ORIGIN}${spec.path}${queryString(spec.query)}`, init);
  } catch {
    throw new ApiError('unexpectedError', 0, spec.path);
  }
  if (!response.ok) throw await errorFrom(response, spec.path);
  const parsed = spec.schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    console.error(`Answer of ${spec.path} does not match the contract`, parsed.error.issues);
    throw new ApiError('unexpectedError', response.status, spec.path);
  }
  return parsed.data;
}

export type CallInput<N extends RouteName> = (RouteBody<N> extends undefined
  ? { body?: undefined }
  : { body: RouteBody<N> }) &
  (RouteQuery<N> extends undefined ? { query?: undefined } : { query: RouteQuery<N> });

/** Codes after which the client refreshes the session once (spec.md §7 'Token refresh'). */
const REFRESH_CODES: ReadonlySet<string> = new Set(['accessTokenExpired', 'invalidAccessToken']);

export function needsRefresh(error: unknown): error is ApiError {
  return error instanceof ApiError && REFRESH_CODES.has(error.code);
}

function needsCredentials(name: RouteName): boolean {
  const kind = routes[name].access.kind;
  return kind !== 'public' && kind !== 'refreshToken';
}

function send<S extends z.ZodType>(
  route: { method: Method; path: string; response: S },
  input: { body?: unknown; query?: unknown },
  credentials: Credentials | null,
): Promise<z.output<S>> {
  return request({
    method: route.method,
    path: route.path,
    schema: route.response,
    body: input.body,
    query: input.query,
    credentials,
  });
}

let refreshing: Promise<Credentials> | null = null;

/**
 * Single-flight refresh: every caller that fails while a refresh runs waits for that same one.
 * When it fails the session ends and every waiting caller fails with it.
 */
export function refreshSession(): Promise<Credentials> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function runRefresh(): Promise<Credentials> {
  const current = getCredentials();
  if (!current) throw new ApiError('authNotFound', 401, routes.refreshTokens.path);
  try {
    const answer = await send(
      routes.refreshTokens,
      {
        body: {
          uid: current.uid,
          auth_machine_id: current.authMachineId,
          refresh_token: current.refreshToken,
        },
      },
      null,
    );
    updateTokens(answer.access_token, answer.refresh_token);
    saveRights(answer.rights);
    return { ...current, accessToken: answer.access_token, refreshToken: answer.refresh_token };
  } catch (error) {
    // The server refused the refresh token: the session is over. A network failure is not a refusal.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) clearSession();
    throw error;
  }
}

/**
 * Runs `attempt` with the session's credentials; on an expired or invalid access token, refreshes
 * (unless another request already did) and retries exactly once.
 */
export async function withSession<T>(
  path: string,
  attempt: (credentials: Credentials) => Promise<T>,
): Promise<T> {
  const credentials = getCredentials();
  if (!credentials) throw new ApiError('authNotFound', 401, path);
  try {
    return await attempt(credentials);
  } catch (error) {
    if (!needsRefresh(error)) throw error;
    const latest = getCredentials();
    const fresh = latest && latest.accessToken !== credentials.accessToken ? latest : await refreshSession();
    return attempt(fresh);
  }
}

/**
 * Calls an API route by its name in the contract's table, with its body/query and answer types.
 * The answer is parsed by that route's own response schema; the overload only carries the link
 * between the name and that schema's type, which TypeScript cannot follow through the lookup.
 */
export function call<N extends RouteName>(name: N, input: CallInput<N>): Promise<RouteAnswer<N>>;
export function call(name: RouteName, input: { body?: unknown; query?: unknown }): Promise<unknown> {
  const route: { method: Method; path: string; response: z.ZodType } = routes[name];
  if (!needsCredentials(name)) return send(route, input, null);
  return withSession(route.path, (credentials) => send(route, input, credentials));
}
