import { z } from 'zod';
import { lastUpdated } from '../fields.js';
import type { RouteDef } from '../route-def.js';
import { SampleRow } from '../rows/sample.js';

/**
 * An additional sample on a record (spec.md §7 `/add-sample`): a second tube, a sample for a
 * re-run. It carries some of the record's ordered analyses and is numbered after the record's last
 * sample; later edits of the record's analyses leave it as it is.
 */
export const AddSampleBody = z.object({
  record_id: z.uuid(),
  record_last_updated: lastUpdated,
  sample_type: z.uuid(),
  sample_matrix: z.uuid(),
  sample_analyses: z
    .array(z.uuid())
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'duplicate' }),
  sample_linked_sample: z.uuid().nullable().optional(),
});
export type AddSampleBody = z.input<typeof AddSampleBody>;

export const addSampleRoutes = {
  addSample: {
    method: 'POST',
    path: '/api/add-sample',
    access: { kind: 'permission', key: 'admin_samples', level: 2, userTypes: ['internal'] },
    summary: "Add a sample to a record (a second tube) for some of the record's ordered analyses",
    body: AddSampleBody,
    response: SampleRow,
    errors: [
      'recordNotFound',
      'sampleNotFound',
      'sampleTypeNotFound',
      'matrixNotFound',
      'analysisNotInRecord',
      'staleUpdate',
      'cannotEditLock',
      'invalidRecordStatusForUpdate',
    ],
  },
} as const satisfies Record<string, RouteDef>;
