import type { CloseNctBody } from '@sil/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { fail } from '../../../lib/errors.js';
import { changeOpenSample } from '../changes.js';

/** The sample's active NCT closed with its solution. */
export const closeNct = (db: Db, auth: Authenticated, input: z.output<typeof CloseNctBody>) =>
  changeOpenSample(db, auth, input, (sample) => {
    if (!sample.sample_nct_active) fail('nctNotActive');
    return { sample_nct_active: false, sample_nct_solution: input.sample_nct_solution };
  });
