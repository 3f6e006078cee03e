import { callNameOf, type DeleteBody, type ListQuery, referenceRoutes } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/open.js';
import { actorOf } from '../../lib/auth-context.js';
import { sheetOf } from '../../lib/list/export-file.js';
import { handle } from '../../lib/route.js';
import type { TableBinding } from './binding.js';
import { createTableService } from './service.js';

/** The six generic calls of one reference table, as the contract's route table generates them. */
export function referenceTableRoutes(app: FastifyInstance, db: Db, binding: TableBinding): void {
  const { entity } = binding;
  const service = createTableService(db, binding);
  const defs = referenceRoutes(entity);
  const call = (operation: keyof typeof defs) => callNameOf(defs[operation].path);

  handle(app, call('list'), ({ auth, query }) => service.list(auth, query as ListQuery));
  handle(app, call('get'), ({ auth, query }) => service.get(auth, String(query[entity.idField])));
  handle(app, call('add'), ({ auth, body }) => service.add(actorOf(auth), body));
  handle(app, call('update'), ({ auth, body }) => service.update(actorOf(auth), body));
  handle(app, call('delete'), ({ auth, body }) =>
    service.remove(actorOf(auth), (body as z.output<typeof DeleteBody>).ids),
  );
  handle(app, call('export'), async ({ auth, query }) =>
    sheetOf(entity, await service.rowsForExport(actorOf(auth), (query as { 'ids[]'?: string[] })['ids[]'])),
  );
}
