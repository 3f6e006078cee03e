import { fail } from '../../../../lib/errors.js';

/**
 * Refuses a file that is not what its type expects, naming the line and the column (a header
 * name, or null when the whole line is wrong) so that the technician can open the file there.
 */
export function refuse(line: number, column: string | null, reason: string, detail?: string): never {
  return fail('invalidImportFile', { line, column, reason, ...(detail ? { detail } : {}) });
}
