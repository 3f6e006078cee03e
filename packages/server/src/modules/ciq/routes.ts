import type { FastifyInstance } from 'fastify';
import type { QcService } from '../../adapters/qc-service.js';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { ciqChart } from './ciq-chart.js';
import { acceptCiqRun } from './commands/accept-ciq-run.js';
import { enterCiqValues } from './commands/enter-ciq-values.js';
import { openCiqRun } from './commands/open-ciq-run.js';
import { saveCiqSetting } from './commands/save-ciq-setting.js';
import { sendCiqRun } from './commands/send-ciq-run.js';
import { machineCiq } from './machine-ciq.js';

/** Internal quality control (issue 14): HTTP only; the writes are in commands/, the reads beside queries.ts. */
export function ciqRoutes(app: FastifyInstance, db: Db, qcService: QcService): void {
  handle(app, 'getMachineCiq', ({ auth, query }) => machineCiq(db, auth, query.machine_id));
  handle(app, 'saveCiqSetting', ({ auth, body }) => saveCiqSetting(db, auth, body));
  handle(app, 'createCiqRecord', ({ auth, body }) => openCiqRun(db, auth, body.machine_id));
  handle(app, 'addCiqValues', ({ auth, body }) => enterCiqValues(db, auth, body));
  handle(app, 'acceptCiqRun', ({ auth, body }) => acceptCiqRun(db, auth, body));
  handle(app, 'sendCiqRun', ({ auth, body }) => sendCiqRun({ db, qcService }, auth, body.ciq_run_id));
  handle(app, 'getCiqChart', ({ auth, query }) => ciqChart(db, auth, query.ciq_setting_id));
}
