import type { FastifyInstance } from 'fastify';
import type { InsiClient } from '../../adapters/insi.js';
import type { Db } from '../../db/open.js';
import { handle, typedRead } from '../../lib/route.js';
import { recordExportRoutes } from './exports.js';
import { dismissDuplicatePatients } from './patients/dismiss-duplicates.js';
import { duplicatePatientGroups } from './patients/duplicates.js';
import { checkInsIdentity } from './patients/identity-check.js';
import { mergeDuplicatePatients } from './patients/merge-duplicates.js';
import { listPatients, patientDetail, patientHistory } from './patients/reads.js';
import { cancelRecord } from './records/cancel.js';
import { changeRecordStatus } from './records/change-status.js';
import { deleteRecords } from './records/delete.js';
import { listRecords, recordDetail } from './records/reads.js';
import { receiveRecord } from './records/receive.js';
import { receiveSample } from './records/receive-sample.js';
import { registerRecord } from './records/register.js';
import { registerExternalRecord } from './records/register-external.js';
import { scanRecord } from './records/scan.js';
import { recordTrace } from './records/trace.js';
import { updateInternalNotes } from './records/update-notes.js';
import { updatePatientAndRecord } from './records/update-patient-and-record.js';
import { addSample } from './samples/add.js';
import { moveSampleForward } from './samples/move.js';
import { listSamples, sampleOf } from './samples/reads.js';
import { updateSample } from './samples/update.js';

/** What the records module needs: its database and the national identity service (INSi). */
export interface RecordsDeps {
  db: Db;
  insi: InsiClient;
}

/** Patients, records and samples (spec.md §7): HTTP only, the rules are in one command per file. */
export function recordsRoutes(app: FastifyInstance, { db, insi }: RecordsDeps): void {
  handle(app, 'getPatients', ({ auth, query }) => listPatients(db, auth, query), typedRead);
  handle(
    app,
    'getPatient',
    async ({ auth, query }) => [await patientDetail(db, auth, query.patient_id)],
    typedRead,
  );
  handle(
    app,
    'getPatientHistory',
    ({ auth, query }) => patientHistory(db, auth, query.patient_id),
    typedRead,
  );
  handle(app, 'addPatient', ({ auth, body }) => registerRecord(db, auth, body));
  handle(app, 'updatePatient', ({ auth, body }) => updatePatientAndRecord(db, auth, body));
  handle(app, 'getRecords', ({ auth, query }) => listRecords(db, auth, query), typedRead);
  handle(
    app,
    'getRecord',
    ({ auth, query, sessionStamps }) => recordDetail(db, auth, query.record_id, sessionStamps),
    { ...typedRead, readsSessionStamps: true },
  );
  handle(app, 'updateRecordStatus', ({ auth, body }) => changeRecordStatus(db, auth, body));
  handle(app, 'updateRecordComments', ({ auth, body }) => updateInternalNotes(db, auth, body));
  handle(app, 'deleteRecords', ({ auth, body }) => deleteRecords(db, auth, body.record_ids));
  handle(app, 'cancelRecord', ({ auth, body }) => cancelRecord(db, auth, body));
  handle(app, 'receiveRecord', ({ auth, body }) => receiveRecord(db, auth, body.record_id));
  handle(app, 'receiveSample', ({ auth, body }) => receiveSample(db, auth, body.sample_number));
  handle(app, 'scanRecord', ({ auth, body }) => scanRecord(db, auth, body));
  handle(app, 'getRecordTrace', ({ auth, query }) => recordTrace(db, auth, query.record_id));
  handle(app, 'getSamples', ({ auth, query }) => listSamples(db, auth, query), typedRead);
  handle(
    app,
    'getSample',
    ({ auth, query, sessionStamps }) => sampleOf(db, auth, query.sample_id, sessionStamps),
    { ...typedRead, readsSessionStamps: true },
  );
  handle(app, 'updateSample', ({ auth, body }) => updateSample(db, auth, body));
  handle(app, 'addSample', ({ auth, body }) => addSample(db, auth, body));
  handle(app, 'updateSampleStatus', ({ auth, body }) => moveSampleForward(db, auth, body));
  handle(app, 'getDuplicates', ({ auth }) => duplicatePatientGroups(db, auth));
  handle(app, 'resolveDuplicates', ({ auth, body }) => mergeDuplicatePatients(db, auth, body.deletions));
  handle(app, 'dismissDuplicates', ({ auth, body }) => dismissDuplicatePatients(db, auth, body));
  handle(app, 'getInsFromIdentityInformation', ({ query }) => insi.lookup(query));
  handle(app, 'checkInsIdentity', ({ auth, body }) => checkInsIdentity({ db, insi }, auth, body));
  handle(app, 'addExternalRecord', ({ auth, body }) => registerExternalRecord(db, auth, body));
  recordExportRoutes(app, db);
}
