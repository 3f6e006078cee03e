import type { FastifyInstance } from 'fastify';
import type { InsiClient } from '../../adapters/insi.js';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { createDuplicatesService } from './duplicates.js';
import { recordExportRoutes } from './exports.js';
import { createRecordReadService } from './read-service.js';
import { updateSampleStatus } from './sample-status.js';
import { createRecordWriteService } from './write-service.js';

export function recordsRoutes(app: FastifyInstance, db: Db, insi: InsiClient): void {
  const read = createRecordReadService(db);
  const write = createRecordWriteService(db);
  const duplicates = createDuplicatesService(db);

  handle(app, 'getPatients', ({ auth, query }) => read.listPatients(auth, query));
  handle(app, 'getPatient', async ({ auth, query }) => [await read.getPatient(auth, query.patient_id)]);
  handle(app, 'getPatientHistory', ({ auth, query }) => read.patientHistory(auth, query.patient_id));
  handle(app, 'addPatient', ({ auth, body }) => write.addPatient(auth, body));
  handle(app, 'updatePatient', ({ auth, body }) => write.updatePatient(auth, body));
  handle(app, 'getRecords', ({ auth, query }) => read.listRecords(auth, query));
  handle(app, 'getRecord', ({ auth, query }) => read.getRecord(auth, query.record_id));
  handle(app, 'updateRecordStatus', ({ auth, body }) => write.updateStatus(auth, body));
  handle(app, 'updateRecordComments', ({ auth, body }) => write.updateComments(auth, body));
  handle(app, 'cancelRecord', ({ auth, body }) => write.cancel(auth, body));
  handle(app, 'receiveRecord', ({ auth, body }) => write.receive(auth, body.record_id));
  handle(app, 'scanRecord', ({ auth, body }) => write.scan(auth, body.record_number));
  handle(app, 'getRecordTrace', ({ auth, query }) => read.trace(auth, query.record_id));
  handle(app, 'getSamples', ({ auth, query }) => read.listSamples(auth, query));
  handle(app, 'getSample', ({ auth, query }) => read.getSample(auth, query.sample_id));
  handle(app, 'updateSampleStatus', ({ auth, body }) => updateSampleStatus(db, auth, body));
  handle(app, 'getDuplicates', ({ auth }) => duplicates.groups(auth));
  handle(app, 'resolveDuplicates', ({ auth, body }) => duplicates.resolve(auth, body.deletions));
  handle(app, 'getInsFromIdentityInformation', ({ query }) => insi.lookup(query));
  recordExportRoutes(app, db, read.withPatients);
}
