import type { ListQuery } from '@sil/contract';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { listRows } from '../../../lib/list/query.js';
import { presentPatient, presentRecord, presentSample } from '../present.js';
import { recordsOfPatient } from '../records/queries.js';
import { samplesOfRecords } from '../samples/queries.js';
import { patientInLaboratory, patientSource } from './queries.js';

/** The laboratory's patients, as the list engine pages them. */
export const listPatients = (db: Db, auth: Authenticated, query: ListQuery) =>
  listRows(db, patientSource, auth.user.laboratory_id, query);

export const patientDetail = async (db: Db, auth: Authenticated, patientId: string) =>
  presentPatient(await patientInLaboratory(db, auth.user.laboratory_id, patientId));

/** The patient with every record the caller may see, newest first, each with its samples. */
export async function patientHistory(db: Db, auth: Authenticated, patientId: string) {
  const patient = await patientDetail(db, auth, patientId);
  const rows = await recordsOfPatient(db, auth, patientId);
  const recordSamples = await samplesOfRecords(
    db,
    rows.map((row) => row.record_id),
  );
  return {
    patient,
    records: rows.map((row) =>
      Object.assign(presentRecord(row), {
        samples: recordSamples.filter((sample) => sample.sample_record === row.record_id).map(presentSample),
      }),
    ),
  };
}
