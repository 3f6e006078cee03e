import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/open.js';
import { exportRows } from '../../lib/list/query.js';
import { handle } from '../../lib/route.js';
import { recordSource } from './records/queries.js';
import { sampleSource } from './samples/queries.js';
import { recordScope } from './scope.js';

const RECORD_COLUMNS = [
  'record_id',
  'record_number',
  'record_status',
  'record_created',
  'patient_surname',
  'patient_name',
  'patient_dob',
  'record_prescription_date',
  'record_prescriber',
  'record_collector',
  'record_owner',
  'record_is_urgent',
  'record_annulr_flag',
  'record_abnormal',
  'record_must_paper',
  'record_must_online',
  'record_must_fax',
  'record_must_phone',
  'record_must_post',
  'record_received_at',
  'record_validated_at',
  'record_last_updated',
];
const SAMPLE_COLUMNS = [
  'sample_id',
  'sample_number',
  'sample_record',
  'sample_type',
  'sample_matrix',
  'sample_status',
  'sample_collection_datetime',
  'sample_nct_active',
  'sample_nct_code',
  'sample_lbloc_flag',
  'sample_observations',
  'sample_last_updated',
];

/** `/api/export-records` and `/api/export-samples` of spec.md §7, chosen rows or all, CSV or XLSX. */
export function recordExportRoutes(app: FastifyInstance, db: Db): void {
  handle(app, 'exportRecords', async ({ auth, query }) => {
    const rows = await exportRows(
      db,
      recordSource,
      auth.user.laboratory_id,
      query['ids[]'],
      recordScope(auth),
    );
    return { name: 'records', columns: RECORD_COLUMNS, rows };
  });
  handle(app, 'exportSamples', async ({ auth, query }) => ({
    name: 'samples',
    columns: SAMPLE_COLUMNS,
    rows: await exportRows(db, sampleSource, auth.user.laboratory_id, query['ids[]']),
  }));
}
