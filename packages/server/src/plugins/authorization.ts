import { type AccessRule, decideAccess, type ErrorBody, type Rights } from '@sil/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/open.js';
import type { Authenticated } from '../lib/auth-context.js';
import { AppError, fail } from '../lib/errors.js';
import { originOf } from '../lib/route.js';
import { type AgentCaller, authenticateAgent } from '../modules/analysers/index.js';
import { recordSecurityEvent } from '../modules/audit/index.js';
import type { SessionService } from '../modules/auth/index.js';

export interface RouteAccess {
  method: string;
  url: string;
  access: AccessRule;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * A read started with the caller as last seen: the session check it must wait for before any
     * answer goes out; 'changed' when the caller's session, user or rights moved meanwhile. Started
     * by its first call (the same promise after), `unchanged` when the read's own statement already
     * found the session's stamps as remembered (lib/session-stamps.ts).
     */
    sessionCheck: ((unchanged?: boolean) => Promise<'same' | 'changed'>) | undefined;
    /** The workstation agent of an agent's call (access kind 'agent', issue 41); null otherwise. */
    agent: AgentCaller | null;
  }
  interface FastifyInstance {
    /** Every registered route with its access rule, for review and for the test that checks them all. */
    routeAccess: RouteAccess[];
  }
}

/** Routes added by infrastructure plugins (API documentation, the web app's files) are public by nature. */
const INFRASTRUCTURE_ROUTE = /^\/(api\/docs(\/.*)?|\*)?$/;

function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return match?.[1] ?? fail('invalidAccessToken');
}

function header(request: FastifyRequest, name: 'uid' | 'authmachineid'): string {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : fail('invalidAccessToken');
}

/** Clinic (external) users reach only what belongs to their clinic (spec.md §6 'Server rules'). */
export function assertClinicScope(rights: Rights, ownerClinicId: string | null | undefined): void {
  if (rights.user_type === 'external' && ownerClinicId !== rights.clinic_id) fail('clinicUserOverreached');
}

/**
 * The one authorization path of the API: every route declares an access rule, checked here before
 * the body is even parsed; refusals are logged as security events.
 */
export function registerAuthorization(app: FastifyInstance, db: Db, sessions: SessionService): void {
  app.decorateRequest('auth', null);
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);

  app.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      if (!INFRASTRUCTURE_ROUTE.test(route.url))
        throw new Error(`Route ${route.method} ${route.url} has no access rule`);
      route.config = { ...route.config, access: { kind: 'public' } };
    }
    const access = route.config.access;
    if (access) for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });

  /** Lets the caller through, or logs the refusal as a security event and answers its code. */
  async function admit(request: FastifyRequest, rule: AccessRule, auth: Authenticated): Promise<void> {
    const decision = decideAccess(rule, auth.rights);
    if (decision.allowed) return;
    await recordSecurityEvent(db, request.log, {
      type: 'access_refused',
      origin: originOf(request),
      uid: auth.user.admin_uid,
      laboratoryId: auth.user.laboratory_id,
      detail: `${request.method} ${request.routeOptions.url} (${decision.code})`,
    });
    throw new AppError(decision.code);
  }

  app.decorateRequest('sessionCheck', undefined);
  app.decorateRequest('agent', null);
  app.addHook('onRequest', async (request) => {
    const rule: AccessRule | undefined = request.routeOptions.config.access;
    if (!rule || rule.kind === 'public' || rule.kind === 'refreshToken') return;
    // An agent's call carries its own credential, never a user's session.
    if (rule.kind === 'agent') {
      request.agent = await authenticateAgent(db, request.headers.authorization);
      return;
    }
    const credentials = [bearer(request), header(request, 'uid'), header(request, 'authmachineid')] as const;
    // A call that only reads starts with the caller as last seen while its session is checked
    // (docs/decisions/0014-what-every-call-pays.md); its answer waits for the check (lib/route.ts).
    const remembered = request.routeOptions.config.readsOnly
      ? await sessions.rememberedCaller(...credentials)
      : undefined;
    if (remembered && decideAccess(rule, remembered.auth.rights).allowed) {
      request.auth = remembered.auth;
      let started: Promise<'same' | 'changed'> | undefined;
      request.sessionCheck = (unchanged) => {
        started ??= remembered.confirm(unchanged).then(async (auth) => {
          if (auth === remembered.auth) return 'same' as const;
          await admit(request, rule, auth);
          request.auth = auth;
          return 'changed' as const;
        });
        // Awaited before any answer; this only keeps a refusal from being reported as unhandled.
        started.catch(() => undefined);
        return started;
      };
      // A read that asks the stamps in its own statement reports them when it ends (lib/route.ts);
      // any other starts its check now, on another pooled connection.
      if (!request.routeOptions.config.readsSessionStamps) void request.sessionCheck();
      return;
    }
    request.auth = await sessions.authenticate(...credentials);
    await admit(request, rule, request.auth);
  });

  // Whatever answers a read started early (a refused input, an error), it waits for the session
  // check, and a refused session is answered instead.
  app.addHook('onSend', async (request, reply, payload) => {
    const check = request.sessionCheck;
    if (!check) return payload;
    request.sessionCheck = undefined;
    try {
      await check();
      return payload;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reply.code(error.statusCode).type('application/json; charset=utf-8');
      return JSON.stringify({ code: error.code, details: error.details } satisfies ErrorBody);
    }
  });
}
