import { type AccessRule, decideAccess, type Rights } from '@sil/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/open.js';
import { AppError, fail } from '../lib/errors.js';
import { originOf } from '../lib/route.js';
import { recordSecurityEvent } from '../modules/audit/index.js';
import type { SessionService } from '../modules/auth/index.js';

export interface RouteAccess {
  method: string;
  url: string;
  access: AccessRule;
}

declare module 'fastify' {
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

  app.addHook('onRequest', async (request) => {
    const rule: AccessRule | undefined = request.routeOptions.config.access;
    if (!rule || rule.kind === 'public' || rule.kind === 'refreshToken') return;
    request.auth = await sessions.authenticate(
      bearer(request),
      header(request, 'uid'),
      header(request, 'authmachineid'),
    );
    const decision = decideAccess(rule, request.auth.rights);
    if (decision.allowed) return;
    await recordSecurityEvent(db, request.log, {
      type: 'access_refused',
      origin: originOf(request),
      uid: request.auth.user.admin_uid,
      laboratoryId: request.auth.user.laboratory_id,
      detail: `${request.method} ${request.routeOptions.url} (${decision.code})`,
    });
    throw new AppError(decision.code);
  });
}
