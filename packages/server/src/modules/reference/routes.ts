import { callNameOf, type DeleteBody, type ListQuery, referenceRoutes } from '@sil/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/open.js';
import { actorOf } from '../../lib/auth-context.js';
import { sheetOf } from '../../lib/list/export-file.js';
import { handle } from '../../lib/route.js';
import { addTableRow } from './add-row.js';
import type { TableBinding } from './binding.js';
import { deleteTableRows } from './delete-rows.js';
import { listTableRows, rowsForExport, tableRow } from './reads.js';
import { updateTableRow } from './update-row.js';

/** The six generic calls of one reference table, as the contract's route table generates them. */
export function referenceTableRoutes(app: FastifyInstance, db: Db, binding: TableBinding): void {
  const { entity } = binding;
  const deps = { db, binding };
  const defs = referenceRoutes(entity);
  const call = (operation: keyof typeof defs) => callNameOf(defs[operation].path);

  handle(app, call('list'), ({ auth, query }) => listTableRows(deps, auth, query as ListQuery));
  handle(app, call('get'), ({ auth, query }) => tableRow(deps, auth, String(query[entity.idField])));
  handle(app, call('add'), ({ auth, body }) => addTableRow(deps, actorOf(auth), body));
  handle(app, call('update'), ({ auth, body }) => updateTableRow(deps, actorOf(auth), body));
  handle(app, call('delete'), ({ auth, body }) =>
    deleteTableRows(deps, actorOf(auth), (body as z.output<typeof DeleteBody>).ids),
  );
  handle(app, call('export'), async ({ auth, query }) =>
    sheetOf(entity, await rowsForExport(deps, actorOf(auth), (query as { 'ids[]'?: string[] })['ids[]'])),
  );
}
