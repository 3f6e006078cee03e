import type { FastifyInstance } from 'fastify';
import type { InsiClient } from '../../adapters/insi.js';
import type { Db } from '../../db/open.js';
import { handle } from '../../lib/route.js';
import { recordExportRoutes } from './exports.js';
import { createDuplicatesService } from './patients/duplicates.js';
import { createIdentityCheckService } from './patients/identity-check.js';
import { createPatientService } from './patients/service.js';
import { deleteRecords } from './records/delete.js';
import { createRecordReadService } from './records/read-service.js';
import { createRecordWriteService } from './records/service.js';
import { createSampleService } from './samples/service.js';

/**
 * The reads answer rows their queries typed, written by their view's projection, and only read:
 * they start beside the check of the caller's session (lib/route.ts).
 */
const typed = { answer: 'typed', readsOnly: true } as const;

/** Patients, records and samples (spec.md §7): HTTP only, the rules are in each concept's service. */
export function recordsRoutes(app: FastifyInstance, db: Db, insi: InsiClient): void {
  const patients = createPatientService(db);
  const read = createRecordReadService(db);
  const write = createRecordWriteService(db);
  const samples = createSampleService(db);
  const duplicates = createDuplicatesService(db);
  const identity = createIdentityCheckService(db, insi);

  handle(app, 'getPatients', ({ auth, query }) => patients.list(auth, query), typed);
  handle(app, 'getPatient', async ({ auth, query }) => [await patients.get(auth, query.patient_id)], typed);
  handle(app, 'getPatientHistory', ({ auth, query }) => patients.history(auth, query.patient_id), typed);
  handle(app, 'addPatient', ({ auth, body }) => write.addPatient(auth, body));
  handle(app, 'updatePatient', ({ auth, body }) => write.updatePatient(auth, body));
  handle(app, 'getRecords', ({ auth, query }) => read.list(auth, query), typed);
  handle(
    app,
    'getRecord',
    ({ auth, query, sessionStamps }) => read.get(auth, query.record_id, sessionStamps),
    { ...typed, readsSessionStamps: true },
  );
  handle(app, 'updateRecordStatus', ({ auth, body }) => write.updateStatus(auth, body));
  handle(app, 'updateRecordComments', ({ auth, body }) => write.updateComments(auth, body));
  handle(app, 'deleteRecords', ({ auth, body }) => deleteRecords(db, auth, body.record_ids));
  handle(app, 'cancelRecord', ({ auth, body }) => write.cancel(auth, body));
  handle(app, 'receiveRecord', ({ auth, body }) => write.receive(auth, body.record_id));
  handle(app, 'scanRecord', ({ auth, body }) => write.scan(auth, body.record_number));
  handle(app, 'getRecordTrace', ({ auth, query }) => read.trace(auth, query.record_id));
  handle(app, 'getSamples', ({ auth, query }) => samples.list(auth, query), typed);
  handle(
    app,
    'getSample',
    ({ auth, query, sessionStamps }) => samples.get(auth, query.sample_id, sessionStamps),
    { ...typed, readsSessionStamps: true },
  );
  handle(app, 'updateSample', ({ auth, body }) => samples.update(auth, body));
  handle(app, 'addSample', ({ auth, body }) => samples.add(auth, body));
  handle(app, 'updateSampleStatus', ({ auth, body }) => samples.updateStatus(auth, body));
  handle(app, 'getDuplicates', ({ auth }) => duplicates.groups(auth));
  handle(app, 'resolveDuplicates', ({ auth, body }) => duplicates.resolve(auth, body.deletions));
  handle(app, 'getInsFromIdentityInformation', ({ query }) => insi.lookup(query));
  handle(app, 'checkInsIdentity', ({ auth, body }) => identity.check(auth, body));
  handle(app, 'addExternalRecord', ({ auth, body }) => write.addExternalRecord(auth, body));
  recordExportRoutes(app, db);
}
