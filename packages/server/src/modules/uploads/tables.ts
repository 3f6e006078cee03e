import { uploads as uploadsTable } from '../../db/schema/uploads.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The tables of the uploaded files as other modules read them (lib/read-only.ts): never written
 * outside this module. A record that has one cannot be deleted.
 */
export const uploads = readOnly(uploadsTable);
