import { apiTable, callNameOf, type EntityName, entities, type QueryValue, queryString } from '@sil/contract';
import {
  type RouteAnswer,
  type RouteBody,
  type RouteName,
  type RouteQuery,
  routes,
} from '@sil/contract/routes';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import type { Session } from './helpers.js';

/** What a call is sent with; a refusal test may send anything, so `send` checks no type. */
export interface RawInput {
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** A prepared payload and its headers (a multipart upload: `multipart(...)`). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

export type CallInput<N extends RouteName> = (RouteBody<N> extends undefined
  ? { body?: undefined }
  : { body: RouteBody<N> }) &
  (RouteQuery<N> extends undefined ? { query?: undefined } : { query: RouteQuery<N> });

/** A named method takes the call's body, or its query for a read, or nothing (no call has both). */
type MethodArgs<N extends RouteName> =
  RouteBody<N> extends undefined
    ? RouteQuery<N> extends undefined
      ? []
      : [query: RouteQuery<N>]
    : [body: RouteBody<N>];

type Fields<E extends EntityName> = (typeof entities)[E]['fields'];
/** A reference table's row or body: its fields as the contract types them (ids and stamps beside). */
export type ReferenceInput<E extends EntityName> = {
  [K in keyof Fields<E>]?: Fields<E>[K] extends z.ZodType ? z.input<Fields<E>[K]> : never;
} & Record<string, unknown>;
type ReferenceRow = Record<string, unknown>;

/** The generated calls of one reference table (add-parameter, get-analyses…), answers parsed. */
export interface ReferenceClient<E extends EntityName> {
  add(body: ReferenceInput<E>): Promise<ReferenceRow>;
  update(body: ReferenceInput<E>): Promise<ReferenceRow>;
  get(id: string): Promise<ReferenceRow[]>;
  list(query?: Record<string, QueryValue>): Promise<{ data: ReferenceRow[]; number_of_rows: number }>;
  delete(ids: string[]): Promise<unknown>;
}

/**
 * The API as a test calls it, generated from the contract's route table: one method per call
 * (`client.addPatient(body)`, `client.getRecord({ record_id })`) and `client.call(name, input)`,
 * sent as `session` with the route's method and path, answers parsed by the route's schema. A call
 * that does not answer 200 throws with its status and body; `send` answers the raw response, for
 * tests that expect a refusal.
 */
export type ApiClient = {
  [N in RouteName]: (...args: MethodArgs<N>) => Promise<RouteAnswer<N>>;
} & {
  readonly session: Session | null;
  call<N extends RouteName>(name: N, input: CallInput<N>): Promise<RouteAnswer<N>>;
  send(name: string, input?: RawInput): Promise<LightMyRequestResponse>;
  reference<E extends EntityName>(entity: E): ReferenceClient<E>;
};

/** Sends one call of the route table by name with its method and path; answers the raw response. */
export async function sendByName(
  app: FastifyInstance,
  session: Session | null,
  name: string,
  input: RawInput = {},
): Promise<LightMyRequestResponse> {
  const def = apiTable[name];
  if (!def) throw new Error(`no call named ${name} in the route table`);
  if (typeof input.body === 'string' || input.body instanceof URLSearchParams || Buffer.isBuffer(input.body))
    throw new Error(`${name}: a raw body goes in payload with its headers, not in body`);
  // An object body is sent as JSON by inject, as the existing `call` sends it.
  const payload = input.payload ?? (def.method === 'GET' ? undefined : (input.body as object | undefined));
  return app.inject({
    method: def.method,
    url: `${def.path}${queryString(input.query)}`,
    headers: { ...(session?.headers ?? {}), ...(input.headers ?? {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

export function apiClient(app: FastifyInstance, session: Session | null): ApiClient {
  const send = (name: string, input: RawInput = {}) => sendByName(app, session, name, input);
  const answer = async (name: string, input: RawInput) => {
    const def = apiTable[name];
    const response = await send(name, input);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    const schema = def && 'response' in def ? def.response : undefined;
    if (!schema) return response.json();
    const parsed = schema.safeParse(response.json());
    if (!parsed.success) throw new Error(`${name}: answer outside its contract: ${parsed.error.message}`);
    return parsed.data;
  };
  const methods = Object.fromEntries(
    Object.entries(routes).map(([name, def]) => [
      name,
      (input?: unknown) =>
        answer(name, 'body' in def ? { body: input } : { query: input as Record<string, QueryValue> }),
    ]),
  );
  const referenceCall = (entity: EntityName, operation: keyof typeof entities.matrices.paths) =>
    callNameOf(entities[entity].paths[operation]);
  return {
    ...methods,
    session,
    call: (name: RouteName, input: RawInput) => answer(name, input),
    send,
    reference: (entity: EntityName) => ({
      add: (body: unknown) => answer(referenceCall(entity, 'add'), { body }),
      update: (body: unknown) => answer(referenceCall(entity, 'update'), { body }),
      get: (id: string) =>
        answer(referenceCall(entity, 'get'), { query: { [entities[entity].idField]: id } }),
      list: (query = {}) => answer(referenceCall(entity, 'list'), { query }),
      delete: (ids: string[]) => answer(referenceCall(entity, 'delete'), { body: { ids } }),
    }),
  } as ApiClient;
}
