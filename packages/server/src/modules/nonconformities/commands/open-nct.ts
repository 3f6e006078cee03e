import type { OpenNctBody } from '@sil/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { changeOpenSample, emptyToNull } from '../changes.js';

/** Opening clears the solution of an earlier NCT: the sample's NCT is the one now open. */
export const openNct = (db: Db, auth: Authenticated, input: z.output<typeof OpenNctBody>) =>
  changeOpenSample(db, auth, input, () => ({
    sample_nct_active: true,
    sample_nct_code: input.sample_nct_code,
    sample_nct_description: emptyToNull(input.sample_nct_description),
    sample_nct_solution: null,
  }));
