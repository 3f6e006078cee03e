import { recordReports as recordReportsTable } from '../../db/schema/reports.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The tables of the stored reports as other modules read them (lib/read-only.ts): never written
 * outside this module. A record that has one cannot be deleted.
 */
export const recordReports = readOnly(recordReportsTable);
