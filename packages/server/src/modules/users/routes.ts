import { ADMIN_KEYS, SPECIAL_RIGHTS } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../lib/route.js';
import type { UsersService } from './service.js';

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  handle(app, 'getAdmins', ({ auth }) => users.list(auth));
  handle(app, 'getAdmin', ({ auth, query }) => users.get(auth, query.admin_uid));
  handle(app, 'updateAdminAccess', ({ auth, body }) => users.updateAccess(auth, body));

  handle(app, 'exportUsers', async ({ auth, query }) => {
    const chosen = query['ids[]'];
    const rows = (await users.list(auth))
      .filter((row) => !chosen || chosen.includes(row.admin_uid))
      .map(({ rights, ...row }) => ({ ...row, ...rights }));
    return { name: 'users', columns: USER_EXPORT_COLUMNS, rows };
  });
}

const USER_EXPORT_COLUMNS = [
  'admin_uid',
  'user_name',
  'user_email',
  'user_phone_num',
  'user_type',
  'external_account_type',
  'email_verified',
  'phone_verified',
  'otp_enabled',
  'user_disabled',
  ...ADMIN_KEYS,
  ...SPECIAL_RIGHTS,
  'admin_last_updated',
];
