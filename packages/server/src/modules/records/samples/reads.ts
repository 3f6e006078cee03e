import type { ListQuery } from '@sil/contract';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { listRows } from '../../../lib/list/query.js';
import type { SessionStamps } from '../../../lib/session-stamps.js';
import { presentSample } from '../present.js';
import { sampleDetail, sampleSource } from './queries.js';

/** The laboratory's samples, as the list engine pages them. */
export const listSamples = (db: Db, auth: Authenticated, query: ListQuery) =>
  listRows(db, sampleSource, auth.user.laboratory_id, query);

/** One sample, in one statement that also tells `stamps` whether the caller's session moved. */
export async function sampleOf(db: Db, auth: Authenticated, sampleId: string, stamps?: SessionStamps) {
  const { sample, sessionUnchanged } = await sampleDetail(db, auth, sampleId);
  stamps?.found(sessionUnchanged);
  return [presentSample(sample)];
}
