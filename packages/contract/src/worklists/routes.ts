import { z } from 'zod';
import type { RouteDef } from '../route-def.js';

/** The work list of one machine (issue 13 'Work lists'). */
export const WorklistQuery = z.object({ machine_id: z.uuid() });

/**
 * A sample waiting for the machine. The patient shows only as initials and birth year: the list is
 * printed and left beside the instrument.
 */
export const WorklistSample = z.object({
  sample_id: z.uuid(),
  sample_number: z.string(),
  sample_status: z.number().int(),
  record_id: z.uuid(),
  record_number: z.string(),
  record_is_urgent: z.boolean(),
  patient_initials: z.string(),
  patient_birth_year: z.number().int().nullable(),
  sample_type_name: z.string().nullable(),
  matrix_name: z.string().nullable(),
});
export type WorklistSample = z.output<typeof WorklistSample>;

export const WorklistGroup = z.object({
  analysis_id: z.uuid(),
  analysis_name: z.string(),
  samples: z.array(WorklistSample),
});
export type WorklistGroup = z.output<typeof WorklistGroup>;

export const Worklist = z.object({
  machine_id: z.uuid(),
  machine_name: z.string(),
  groups: z.array(WorklistGroup),
});
export type Worklist = z.output<typeof Worklist>;

/** Patient initials as the work list prints them: surname then first name ('MS' for Sophie Martin). */
export const patientInitials = (surname: string, name: string): string =>
  `${surname.trim().charAt(0)}${name.trim().charAt(0)}`.toLocaleUpperCase('fr-FR');

export const worklistRoutes = {
  getWorklist: {
    method: 'GET',
    path: '/api/get-worklist',
    access: { kind: 'permission', key: 'admin_samples', level: 1, userTypes: ['internal'] },
    summary:
      'Samples waiting for a machine (received, not yet removed), grouped by analysis, urgent first then by record number',
    query: WorklistQuery,
    response: Worklist,
    errors: ['machineNotFound'],
  },
} as const satisfies Record<string, RouteDef>;
