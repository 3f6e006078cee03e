import {
  patients as patientsTable,
  recordDayCounts as recordDayCountsTable,
  records as recordsTable,
  samples as samplesTable,
} from '../../db/schema/records.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The tables of patients, records and samples as other modules read them (lib/read-only.ts): never
 * written outside this module. Their lists, queues and counts (validation, worklists, dashboard,
 * results, delivery, billing) join them.
 */
export const patients = readOnly(patientsTable);
export const records = readOnly(recordsTable);
export const samples = readOnly(samplesTable);
export const recordDayCounts = readOnly(recordDayCountsTable);
