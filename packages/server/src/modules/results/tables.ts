import { results as resultsTable } from '../../db/schema/results.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The tables of the results as other modules read them (lib/read-only.ts): never written outside
 * this module. A sample's missing measures are found with them.
 */
export const results = readOnly(resultsTable);
