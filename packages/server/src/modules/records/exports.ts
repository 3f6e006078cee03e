import { ExportQuery } from '@sil/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/open.js';
import { records, samples } from '../../db/schema/index.js';
import { fail } from '../../lib/errors.js';
import { sendExport } from '../reference/export-file.js';
import { presentRecord, presentSample } from './present.js';
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
export function recordExportRoutes(
  app: FastifyInstance,
  db: Db,
  withPatients: <T extends Record<string, unknown>>(rows: T[]) => Promise<T[]>,
): void {
  app.get(
    '/api/export-records',
    {
      config: { access: { kind: 'permission', key: 'admin_records', level: 1, userTypes: ['internal'] } },
      schema: {
        tags: ['api'],
        summary: 'Export records with their patient as CSV or XLSX',
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof ExportQuery>;
      const auth = request.auth ?? fail('invalidAccessToken');
      const chosen = query['ids[]'];
      const rows = await db
        .select()
        .from(records)
        .where(and(recordScope(auth), chosen ? inArray(records.record_id, chosen) : undefined))
        .orderBy(records.record_number);
      return sendExport(
        reply,
        { name: 'records', columns: RECORD_COLUMNS, rows: await withPatients(rows.map(presentRecord)) },
        query.format,
      );
    },
  );

  app.get(
    '/api/export-samples',
    {
      config: { access: { kind: 'permission', key: 'admin_samples', level: 1, userTypes: ['internal'] } },
      schema: { tags: ['api'], summary: 'Export samples as CSV or XLSX', querystring: ExportQuery },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof ExportQuery>;
      const auth = request.auth ?? fail('invalidAccessToken');
      const chosen = query['ids[]'];
      const rows = await db
        .select()
        .from(samples)
        .where(
          and(
            eq(samples.laboratory_id, auth.user.laboratory_id),
            chosen ? inArray(samples.sample_id, chosen) : undefined,
          ),
        )
        .orderBy(samples.sample_number);
      return sendExport(
        reply,
        { name: 'samples', columns: SAMPLE_COLUMNS, rows: rows.map(presentSample) },
        query.format,
      );
    },
  );
}
