import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import type { UsersService } from './service.js';

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  handle(app, 'getAdmins', ({ auth }) => users.list(auth));
  handle(app, 'getAdmin', ({ auth, query }) => users.get(auth, query.admin_uid));
  handle(app, 'updateAdminAccess', ({ auth, body }) => users.updateAccess(auth, body));
}
