import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { closeNct } from './commands/close-nct.js';
import { openNct } from './commands/open-nct.js';
import { raiseNca } from './commands/raise-nca.js';
import { recordAne } from './commands/record-ane.js';
import { resolveNca } from './commands/resolve-nca.js';
import { setRecordLbloc } from './commands/set-record-lbloc.js';
import { setSampleLbloc } from './commands/set-sample-lbloc.js';
import { recordNonconformities } from './queries.js';

/** Non-conformities (issue 13): HTTP only; the writes are in commands/, the reads in queries.ts. */
export function nonconformityRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'getRecordNonconformities', ({ auth, query }) =>
    recordNonconformities(db, auth, query.record_id),
  );
  handle(app, 'addAne', ({ auth, body }) => recordAne(db, auth, body));
  handle(app, 'addNca', ({ auth, body }) => raiseNca(db, auth, body));
  handle(app, 'resolveNca', ({ auth, body }) => resolveNca(db, auth, body));
  handle(app, 'openNct', ({ auth, body }) => openNct(db, auth, body));
  handle(app, 'closeNct', ({ auth, body }) => closeNct(db, auth, body));
  handle(app, 'updateSampleLbloc', ({ auth, body }) => setSampleLbloc(db, auth, body));
  handle(app, 'updateRecordLbloc', ({ auth, body }) => setRecordLbloc(db, auth, body));
}
