import { ciqRuns as ciqRunsTable } from '../../db/schema/ciq.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The tables of the quality-control runs as other modules read them (lib/read-only.ts): never
 * written outside this module. A result import checks the run it opened.
 */
export const ciqRuns = readOnly(ciqRunsTable);
