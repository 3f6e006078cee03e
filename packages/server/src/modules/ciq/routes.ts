import type { FastifyInstance } from 'fastify';
import type { QcService } from '../../adapters/qc-service.js';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { createCiqService } from './service.js';

/** Internal quality control (issue 14): HTTP only, the rules are in the service. */
export function ciqRoutes(app: FastifyInstance, db: Db, qcService: QcService): void {
  const service = createCiqService(db, qcService);
  handle(app, 'getMachineCiq', ({ auth, query }) => service.machine(auth, query.machine_id));
  handle(app, 'saveCiqSetting', ({ auth, body }) => service.saveSetting(auth, body));
  handle(app, 'createCiqRecord', ({ auth, body }) => service.createRun(auth, body.machine_id));
  handle(app, 'addCiqValues', ({ auth, body }) => service.addValues(auth, body));
  handle(app, 'acceptCiqRun', ({ auth, body }) => service.accept(auth, body));
  handle(app, 'sendCiqRun', ({ auth, body }) => service.send(auth, body.ciq_run_id));
  handle(app, 'getCiqChart', ({ auth, query }) => service.chart(auth, query.ciq_setting_id));
}
