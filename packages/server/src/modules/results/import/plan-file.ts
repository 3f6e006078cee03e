import { createHash } from 'node:crypto';
import type { ImportFileType } from '@sil/contract';
import type { Queryable } from '../../../db/open.js';
import { toIso } from '../../../lib/time.js';
import { machineSettings } from '../../ciq/index.js';
import { assertMachine, mappingsOf } from './mappings.js';
import { parseImportFile } from './parsers/index.js';
import { planImport } from './plan.js';
import { importContext, previousImportOf } from './queries.js';

export interface ImportInput {
  file_type: ImportFileType;
  machine_id?: string | undefined;
}

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

/** The file read, planned against the mapping and the samples it names, and whether it came before. */
export async function planFile(q: Queryable, laboratoryId: string, input: ImportInput, file: UploadedFile) {
  await assertMachine(q, laboratoryId, input.machine_id);
  const parsed = parseImportFile(input.file_type, file.bytes);
  const mappings = await mappingsOf(q, laboratoryId, input.file_type, input.machine_id ?? null);
  const sampleRefs = [...new Set(parsed.rows.map((row) => row.sampleRef))];
  const context = await importContext(q, laboratoryId, sampleRefs);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const previous = await previousImportOf(q, laboratoryId, sha256);
  const controlTargets = input.machine_id
    ? await machineSettings(q, laboratoryId, input.machine_id, true)
    : [];
  return {
    parsed,
    plan: planImport(input.file_type, parsed.rows, mappings, context, controlTargets),
    sha256,
    alreadyImportedAt: previous ? toIso(previous) : null,
  };
}
