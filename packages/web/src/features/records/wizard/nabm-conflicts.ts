import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import type { NabmConflict } from './step-analyses';

const Details = z.object({
  conflicts: z.array(z.object({ analyses: z.tuple([z.string(), z.string()]), codes: z.array(z.string()) })),
});

/** The pairs of analyses a nabmConflict answer names, so the step can say which two to separate. */
export function nabmConflictsOf(error: unknown): NabmConflict[] {
  if (!(error instanceof ApiError) || error.code !== 'nabmConflict') return [];
  const parsed = Details.safeParse(error.details);
  return parsed.success ? parsed.data.conflicts : [];
}
