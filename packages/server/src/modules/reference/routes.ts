import {
  createSchema,
  DeleteAnswer,
  DeleteBody,
  type EntityDefinition,
  ExportQuery,
  ListQuery,
  listAnswer,
  updateSchema,
} from '@sil/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/open.js';
import { fail } from '../../lib/errors.js';
import type { Actor } from '../../lib/transaction.js';
import { actorOf } from '../auth/actor.js';
import type { TableBinding } from './binding.js';
import { sendExport, sheetOf } from './export-file.js';
import { createTableService } from './service.js';

/** The access rule of every route below requires a logged-in user, so auth is set. */
const actorOfRequest = (request: FastifyRequest): Actor =>
  actorOf(request.auth ?? fail('invalidAccessToken'));

const access = (entity: EntityDefinition, level: 1 | 2 | 3) =>
  ({ kind: 'permission', key: entity.permission, level, userTypes: ['internal'] }) as const;
const readAccess = (entity: EntityDefinition) =>
  ({ ...access(entity, 1), externalsRead: entity.externalsRead === true }) as const;

/** An external user sees only their clinic's rows where the table says so; staff see the laboratory's. */
function limitOf(binding: TableBinding, request: FastifyRequest): SQL | undefined {
  const rights = request.auth?.rights;
  if (rights?.user_type !== 'external') return undefined;
  if (!binding.clinicScope) return undefined;
  return binding.clinicScope(rights.clinic_id ?? fail('clinicUserOverreached'));
}

/** The six generic calls of one reference table (spec.md §7 endpoint table). */
export function referenceTableRoutes(app: FastifyInstance, db: Db, binding: TableBinding): void {
  const { entity } = binding;
  const service = createTableService(db, binding);
  const row = z.looseObject({ [entity.idField]: z.string(), [entity.stampField]: z.string() });
  const tags = [entity.table];
  const idQuery = z.object({ [entity.idField]: z.string().min(1).max(100) });

  app.get(
    entity.paths.list,
    {
      config: { access: readAccess(entity) },
      schema: {
        tags,
        summary: `List ${entity.table}`,
        querystring: ListQuery,
        response: { 200: listAnswer(row) },
      },
    },
    (request) => service.list(actorOfRequest(request), request.query as ListQuery, limitOf(binding, request)),
  );
  app.get(
    entity.paths.get,
    {
      config: { access: readAccess(entity) },
      schema: {
        tags,
        summary: `One of ${entity.table}, as a one-item array`,
        querystring: idQuery,
        response: { 200: z.array(row) },
      },
    },
    (request) =>
      service.get(
        actorOfRequest(request),
        String((request.query as Record<string, unknown>)[entity.idField]),
        limitOf(binding, request),
      ),
  );
  app.post(
    entity.paths.add,
    {
      config: { access: access(entity, 2) },
      schema: {
        tags,
        summary: `Create one of ${entity.table}`,
        body: createSchema(entity),
        response: { 200: row },
      },
    },
    (request) => service.add(actorOfRequest(request), request.body as Record<string, unknown>),
  );
  app.put(
    entity.paths.update,
    {
      config: { access: access(entity, 2) },
      schema: {
        tags,
        summary: `Update one of ${entity.table}; refused when the stamp is stale`,
        body: updateSchema(entity),
        response: { 200: row },
      },
    },
    (request) => service.update(actorOfRequest(request), request.body as Record<string, unknown>),
  );
  app.delete(
    entity.paths.delete,
    {
      config: { access: access(entity, 3) },
      schema: {
        tags,
        summary: `Delete several ${entity.table}, all or none`,
        body: DeleteBody,
        response: { 200: DeleteAnswer },
      },
    },
    (request) => service.remove(actorOfRequest(request), (request.body as z.output<typeof DeleteBody>).ids),
  );
  app.get(
    entity.paths.export,
    {
      config: { access: access(entity, 1) },
      schema: { tags, summary: `Export ${entity.table} as CSV or XLSX`, querystring: ExportQuery },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof ExportQuery>;
      const rows = await service.rowsForExport(actorOfRequest(request), query['ids[]']);
      return sendExport(reply, sheetOf(entity, rows), query.format);
    },
  );
}
