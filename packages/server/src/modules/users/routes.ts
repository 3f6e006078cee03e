import { ADMIN_KEYS, ExportQuery, SPECIAL_RIGHTS } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fail } from '../../lib/errors.js';
import { handle } from '../../lib/route.js';
import { sendExport } from '../reference/export-file.js';
import type { UsersService } from './service.js';

export function usersRoutes(app: FastifyInstance, users: UsersService): void {
  handle(app, 'getAdmins', ({ auth }) => users.list(auth));
  handle(app, 'getAdmin', ({ auth, query }) => users.get(auth, query.admin_uid));
  handle(app, 'updateAdminAccess', ({ auth, body }) => users.updateAccess(auth, body));

  app.get(
    '/api/export-users',
    {
      config: { access: { kind: 'permission', key: 'admin_access', level: 1, userTypes: ['internal'] } },
      schema: {
        tags: ['api'],
        summary: 'Export the users of the laboratory as CSV or XLSX',
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof ExportQuery>;
      const caller = request.auth ?? fail('invalidAccessToken');
      const chosen = query['ids[]'];
      const rows = (await users.list(caller))
        .filter((row) => !chosen || chosen.includes(row.admin_uid))
        .map(({ rights, ...row }) => ({ ...row, ...rights }));
      return sendExport(reply, { name: 'users', columns: USER_EXPORT_COLUMNS, rows }, query.format);
    },
  );
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
