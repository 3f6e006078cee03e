import type { ImportPreview } from '@sil/contract';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import type { ImportPlan } from './plan.js';
import { type ImportInput, planFile, type UploadedFile } from './plan-file.js';

function parametersFound(plan: ImportPlan): ImportPreview['parameters'] {
  const found = new Map<string, ImportPreview['parameters'][number]>();
  for (const { preview } of plan.writes) {
    const key = `${preview.parameter_id}/${preview.instrument_code}`;
    const current = found.get(key);
    if (current) current.count++;
    else
      found.set(key, {
        parameter_id: preview.parameter_id,
        parameter_name: preview.parameter_name,
        instrument_code: preview.instrument_code,
        count: 1,
      });
  }
  return [...found.values()];
}

/** What the file would write, and every row it would not, without writing anything. */
export async function previewImport(
  db: Db,
  auth: Authenticated,
  input: ImportInput,
  file: UploadedFile,
): Promise<ImportPreview> {
  const { parsed, plan, alreadyImportedAt } = await planFile(db, auth.user.laboratory_id, input, file);
  return {
    file_type: input.file_type,
    encoding: parsed.encoding,
    total_rows: parsed.rows.length,
    samples: new Set(plan.writes.map((write) => write.sampleId)).size,
    parameters: parametersFound(plan),
    lines: plan.writes.map((write) => write.preview),
    controls: plan.controls,
    unmatched: plan.unmatched,
    unknown_samples: plan.unknownSamples,
    internal_standards: plan.internalStandards,
    unmapped_codes: plan.unmappedCodes,
    already_imported_at: alreadyImportedAt,
  };
}
