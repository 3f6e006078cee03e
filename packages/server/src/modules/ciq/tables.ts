import { ciqRuns as ciqRunsTable } from '../../db/schema/ciq.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The quality-control runs as other modules read them: a result import checks the run it opened.
 * Other modules read them here, never write them (lib/read-only.ts); the boundary checker lets
 * them import this file and index.ts only.
 */
export const ciqRuns = readOnly(ciqRunsTable);
