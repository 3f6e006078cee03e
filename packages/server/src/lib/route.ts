import type { AccessRule, RouteAnswer, RouteDef, RouteName, Routes } from '@sil/contract';
import { routes } from '@sil/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestOrigin } from '../modules/audit/security-log.js';
import type { Authenticated } from '../modules/auth/session-service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; the server refuses to start with a route that has none. */
    access?: AccessRule;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

type Parsed<D, K extends string> = D extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

export interface RouteContext<N extends RouteName> {
  body: Parsed<Routes[N], 'body'>;
  query: Parsed<Routes[N], 'query'>;
  /** Set for every route whose access rule needs a logged-in user. */
  auth: Authenticated;
  origin: RequestOrigin;
  request: FastifyRequest;
  reply: FastifyReply;
}

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

/**
 * Registers a route of the contract table: its method, path, schemas (validated by zod, published
 * in OpenAPI) and access rule all come from the table; the handler only does the work.
 */
export function handle<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  handler: (ctx: RouteContext<N>) => Promise<RouteAnswer<N>>,
): void {
  const def: RouteDef = routes[name];
  app.route({
    method: def.method,
    url: def.path,
    config: { access: def.access },
    schema: {
      summary: def.summary,
      operationId: name,
      tags: [def.path.split('/')[1] ?? 'api'],
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      response: { 200: def.response },
    },
    handler: async (request, reply) =>
      handler({
        // The zod schemas of the same table validated and transformed these before the handler runs.
        body: request.body as Parsed<Routes[N], 'body'>,
        query: request.query as Parsed<Routes[N], 'query'>,
        auth: request.auth as Authenticated,
        origin: originOf(request),
        request,
        reply,
      }),
  });
}
