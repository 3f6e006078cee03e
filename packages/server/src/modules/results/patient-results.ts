import {
  type PatientResultRow,
  type PatientResultsQuery,
  type ResultFlag,
  SAMPLE_STATUS,
} from '@sil/contract';
import type { Db } from '../../db/open.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { patientInLaboratory } from '../records/index.js';
import { censoredOf, patientResultCount, patientResultsPage } from './queries.js';

/** The patient's results for the history, newest collection first, a page at a time. */
export async function patientResults(db: Db, auth: Authenticated, query: PatientResultsQuery) {
  const laboratoryId = auth.user.laboratory_id;
  await patientInLaboratory(db, laboratoryId, query.patient_id);
  const size = query.number_of_records;
  const rows = await patientResultsPage(db, laboratoryId, query.patient_id, {
    offset: (query.page_number - 1) * size,
    limit: size,
  });
  const total = rows[0]?.total ?? (await patientResultCount(db, laboratoryId, query.patient_id));
  const data: PatientResultRow[] = rows.map(({ total: _total, sample_status, collected_at, ...row }) => ({
    ...row,
    collected_at: collected_at === null ? null : new Date(collected_at).toISOString(),
    result_censored: censoredOf(row.result_censored),
    result_flags: row.result_flags as ResultFlag[],
    result_validated: sample_status >= SAMPLE_STATUS.validated,
  }));
  return { data, number_of_rows: total, number_of_pages: Math.ceil(total / size) };
}
