import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import { changeUserAccess, type UsersDeps } from './change-access.js';
import { listUsers, userOf, usersSheet } from './reads.js';

/** The laboratory's users and their rights: HTTP only, the rules are in one command per file. */
export function usersRoutes(app: FastifyInstance, deps: UsersDeps): void {
  const { db } = deps;
  handle(app, 'getAdmins', ({ auth }) => listUsers(db, auth));
  handle(app, 'getAdmin', ({ auth, query }) => userOf(db, auth, query.admin_uid));
  handle(app, 'updateAdminAccess', ({ auth, body }) => changeUserAccess(deps, auth, body));
  handle(app, 'exportUsers', ({ auth, query }) => usersSheet(db, auth, query['ids[]']));
}
