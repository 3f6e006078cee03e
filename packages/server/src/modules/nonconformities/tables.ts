import {
  recordAnes as recordAnesTable,
  recordNcas as recordNcasTable,
} from '../../db/schema/nonconformities.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The non-conformities (ANE, NCA) as other modules read them: a record's detail and its report show them.
 * Other modules read them here, never write them (lib/read-only.ts); the boundary checker lets
 * them import this file and index.ts only.
 */
export const recordAnes = readOnly(recordAnesTable);
export const recordNcas = readOnly(recordNcasTable);
