import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/open.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { updateIfUnchanged } from '../../lib/concurrency.js';
import { fail } from '../../lib/errors.js';

/**
 * Sets keys of the laboratory's settings (laboratory_settings) for a module that keeps its
 * configuration there (exchange's destination), as the user saw the laboratory at `stamp`
 * (laboratory_last_updated); a key given undefined is removed. The other keys stay as they are.
 */
export async function changeLaboratorySettings(
  tx: Tx,
  laboratoryId: string,
  stamp: string,
  changes: Record<string, unknown>,
) {
  const [current] = await tx
    .select({ settings: laboratories.laboratory_settings })
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, laboratoryId));
  if (!current) return fail('laboratoryNotFound');
  const settings: Record<string, unknown> = { ...current.settings };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete settings[key];
    else settings[key] = value;
  }
  return updateIfUnchanged(
    tx,
    laboratories,
    {
      idColumn: laboratories.laboratory_id,
      id: laboratoryId,
      stampColumn: laboratories.laboratory_last_updated,
      stamp,
    },
    { laboratory_settings: settings },
    'laboratoryNotFound',
  );
}
