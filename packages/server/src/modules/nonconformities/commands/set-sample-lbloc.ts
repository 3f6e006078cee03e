import type { UpdateSampleLblocBody } from '@sil/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/open.js';
import type { Authenticated } from '../../../lib/auth-context.js';
import { changeOpenSample, emptyToNull } from '../changes.js';

/** Sets or lifts a sample's LBloc; lifting keeps the description, so that the trace and the record tell why. */
export const setSampleLbloc = (db: Db, auth: Authenticated, input: z.output<typeof UpdateSampleLblocBody>) =>
  changeOpenSample(db, auth, input, () => ({
    sample_lbloc_flag: input.sample_lbloc_flag,
    ...(input.sample_lbloc_flag
      ? { sample_lbloc_description: emptyToNull(input.sample_lbloc_description) }
      : {}),
  }));
