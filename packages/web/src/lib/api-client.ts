import {
  accountRoutes,
  dashboardRoutes,
  type FileRouteDef,
  type QueryValue,
  queryString,
  type RouteAnswer,
  type RouteBody,
  type RouteDef,
  type RouteName,
  type RouteQuery,
  sendWrite,
} from '@sil/contract';
import { z } from 'zod';
import { type Credentials, clearSession, getCredentials, saveRights, updateTokens } from './session';

/** A failed call: the server's error code (spec.md §8), or unexpectedError when it sent none. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    /** Path of the call: which call failed (the refresh's failure shows no toast). */
    readonly path: string,
    readonly details?: unknown,
  ) {
    super(`${path}: ${code}`);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Base address of the API; empty means the page's own origin (the server serves the app). */
const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';

export type { QueryValue };

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

/** What one exchange sends: JSON, a multipart form (the browser sets its boundary), or nothing. */
type Payload = { json: unknown } | { form: FormData } | null;

/**
 * The one HTTP exchange of the web app: every API call, upload and download goes through it, with
 * the session's headers when there are credentials. Failures become an ApiError with the code.
 */
async function exchange(
  method: Method,
  path: string,
  query: Record<string, QueryValue> | undefined,
  payload: Payload,
  credentials: Credentials | null,
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (credentials) {
    headers.authorization = `Bearer ${credentials.accessToken}`;
    headers.uid = credentials.uid;
    headers.authmachineid = credentials.authMachineId;
  }
  const init: RequestInit = { method, headers };
  if (payload && 'json' in payload && method !== 'GET') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(payload.json);
  } else if (payload && 'form' in payload) init.body = payload.form;
  let response: Response;
  try {
    const url = `${API_ORIGIN}${path}${queryString(query)}`;
    // A write carries an idempotency key and is resent with it after a lost answer (decision 0033).
    response = method === 'GET' ? await fetch(url, init) : await sendWrite(url, init);
  } catch {
    throw new ApiError('unexpectedError', 0, path);
  }
  if (!response.ok) throw await errorFrom(response, path);
  return response;
}

/** An answer validated by its schema: what breaks the contract is an error, never passed on. */
async function parsed<S extends z.ZodType>(
  response: Response,
  schema: S,
  path: string,
): Promise<z.output<S>> {
  const result = schema.safeParse(await response.json().catch(() => undefined));
  if (!result.success) {
    console.error(`Answer of ${path} does not match the contract`, result.error.issues);
    throw new ApiError('unexpectedError', response.status, path);
  }
  return result.data;
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

function needsCredentials(route: RouteDef): boolean {
  const kind = route.access.kind;
  return kind !== 'public' && kind !== 'refreshToken';
}

let routeTable: Promise<Readonly<Record<string, RouteDef>>> | null = null;

/**
 * The definition of a call: those of the session, the account and the dashboard are at hand (the
 * login page and the dashboard use them); the rest of the table, with every area's schemas, is fetched with the
 * first screen that calls one of them (docs/decisions/0018-route-schemas-out-of-first-load.md).
 */
export async function routeDefinition(name: RouteName): Promise<RouteDef> {
  if (Object.hasOwn(accountRoutes, name)) return accountRoutes[name as keyof typeof accountRoutes];
  if (Object.hasOwn(dashboardRoutes, name)) return dashboardRoutes[name as keyof typeof dashboardRoutes];
  routeTable ??= import('@sil/contract/routes').then((module) => module.routes);
  const route = (await routeTable)[name];
  if (!route) throw new Error(`no route named ${name} in the contract's table`);
  return route;
}

async function send<S extends z.ZodType>(
  route: { method: Method; path: string; response: S },
  input: { body?: unknown; query?: unknown },
  credentials: Credentials | null,
): Promise<z.output<S>> {
  const query = QueryOf.parse(input.query ?? {});
  const payload = input.body === undefined ? null : { json: input.body };
  const response = await exchange(route.method, route.path, query, payload, credentials);
  return parsed(response, route.response, route.path);
}

/** Route queries are flat objects of texts, numbers, flags and lists (the contract's query schemas). */
const QueryOf = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null(), z.undefined()]),
);

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
  if (!current) throw new ApiError('authNotFound', 401, accountRoutes.refreshTokens.path);
  try {
    const answer = await send(
      accountRoutes.refreshTokens,
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

/** What a call sends for one part (body or query) of a definition: required, optional or none. */
type Part<D, K extends 'body' | 'query'> =
  D extends Record<K, infer S extends z.ZodType>
    ? { [P in K]: z.input<S> }
    : D extends Partial<Record<K, infer S extends z.ZodType>>
      ? { [P in K]?: z.input<S> }
      : { [P in K]?: undefined };

/** The input of a call by its definition: its body and query as its schemas take them. */
export type RouteInput<D extends RouteDef> = Part<D, 'body'> & Part<D, 'query'>;

/**
 * Calls an API route of the contract's table, by its name or by its definition (a route at hand:
 * billing's own table, a reference table's generated call), with its body/query and answer types.
 * The answer is parsed by the route's own response schema; the name overload only carries the link
 * between the name and that schema's type, which TypeScript cannot follow through the lookup.
 */
export function call<N extends RouteName>(name: N, input: CallInput<N>): Promise<RouteAnswer<N>>;
export function call<D extends RouteDef>(route: D, input: RouteInput<D>): Promise<z.output<D['response']>>;
export async function call(
  named: RouteName | RouteDef,
  input: { body?: unknown; query?: unknown },
): Promise<unknown> {
  const route = typeof named === 'string' ? await routeDefinition(named) : named;
  if (!needsCredentials(route)) return send(route, input, null);
  return withSession(route.path, (credentials) => send(route, input, credentials));
}

/** Multipart upload (a scanned prescription, the NABM import, a results file) by its file route. */
export function apiUpload<S extends z.ZodType>(
  route: FileRouteDef & { kind: 'upload'; response: S },
  form: FormData,
): Promise<z.output<S>> {
  return withSession(route.path, async (credentials) =>
    parsed(
      await exchange(route.method, route.path, undefined, { form }, credentials),
      route.response,
      route.path,
    ),
  );
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** A file answer (exports, documents): its bytes and the name the server gave it. */
export function apiDownload(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<DownloadedFile> {
  return withSession(path, async (credentials) => {
    const response = await exchange('GET', path, query, null, credentials);
    const disposition = response.headers.get('content-disposition') ?? '';
    // RFC 6266: the UTF-8 form (filename*=UTF-8''…, what the server sends) before the plain one.
    const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
    const fileName = encoded
      ? decodeURIComponent(encoded)
      : (/filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName);
    return { blob: await response.blob(), fileName };
  });
}
