import {
  recordAnes as recordAnesTable,
  recordNcas as recordNcasTable,
} from '../../db/schema/nonconformities.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The tables of the non-conformities (ANE, NCA) as other modules read them (lib/read-only.ts):
 * never written outside this module. A record's detail and its report show them.
 */
export const recordAnes = readOnly(recordAnesTable);
export const recordNcas = readOnly(recordNcasTable);
