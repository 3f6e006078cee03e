import type { Db } from '../../../db/open.js';
import { preparedPerDatabase } from '../../../db/prepared.js';
import { UUID } from '../../../lib/list/query.js';
import { referenceNamesOf } from './names.js';

/** The names one laboratory's records have shown, as of one names version (migration 0046). */
interface Remembered {
  version: string;
  names: Map<string, string>;
}

/**
 * Past this many names a laboratory's remembered names start again: a laboratory names a few
 * thousand prescribers, clinics and analyses, and a server should not grow with its catalogue.
 */
const NAMES_KEPT = 20_000;

/** Per database (a test run opens several, each its own laboratories), then per laboratory. */
const rememberedOf = preparedPerDatabase((): Map<string, Remembered> => new Map());

/**
 * The names of the prescribers, collectors, clinics, analyses, sample types and matrices among `ids`,
 * remembered by this server for as long as the laboratory's names version is the one `version`
 * says, which the caller has read in the same statement as the record (detail.ts): a rename or a
 * deletion on any server moves it, and every server then reads the names again at its next call.
 * Looking the names up cost the record's statement more than the rest of it
 * (docs/decisions/0014-what-every-call-pays.md). An id that names nothing (a deleted analysis a
 * record still lists, an id that is no UUID) is not remembered, and has no name.
 */
export async function referenceNames(
  db: Db,
  laboratoryId: string,
  version: string,
  ids: Array<string | null>[],
): Promise<Map<string, string>> {
  const laboratories = rememberedOf(db);
  let remembered = laboratories.get(laboratoryId);
  if (remembered?.version !== version || remembered.names.size > NAMES_KEPT) {
    remembered = { version, names: new Map() };
    laboratories.set(laboratoryId, remembered);
  }
  const { names } = remembered;
  const wanted = new Set(ids.flat().filter((id): id is string => id !== null));
  const missing = [...wanted].filter((id) => !names.has(id) && UUID.test(id));
  const found = missing.length > 0 ? await referenceNamesOf(db, laboratoryId, missing) : undefined;
  // Read after the version was, so at least as new as it; kept only while no later call has found
  // another version, whose names these may not be.
  if (found && laboratories.get(laboratoryId) === remembered)
    for (const [id, name] of found) names.set(id, name);
  const named = new Map<string, string>();
  for (const id of wanted) {
    const name = found?.get(id) ?? names.get(id);
    if (name !== undefined) named.set(id, name);
  }
  return named;
}
