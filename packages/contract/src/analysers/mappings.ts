import { z } from 'zod';
import { stamp } from '../rows/stamps.js';

/**
 * An analyser's test codes mapped to parameters (the mapping editor). Kept in the same table as the
 * instrument files' mappings, with the analyser as its machine. A value is stored as the analyser
 * sends it times `unit_factor` (default 1); `analyser_unit`, when set, is the unit the analyser
 * sends (a result in another unit goes to reconciliation rather than being stored wrong).
 */
export const AnalyserMappingLine = z.object({
  test_code: z.string().trim().min(1).max(200),
  parameter_id: z.uuid(),
  unit_factor: z.number().finite().positive().max(1e9).nullable().optional(),
  analyser_unit: z.string().trim().max(50).nullable().optional(),
});
export type AnalyserMappingLine = z.output<typeof AnalyserMappingLine>;

export const AnalyserMappingsQuery = z.object({ machine_id: z.uuid() });

export const UpdateAnalyserMappingsBody = z.object({
  machine_id: z.uuid(),
  mappings: z
    .array(AnalyserMappingLine)
    .max(2000)
    .refine((lines) => new Set(lines.map((line) => line.test_code)).size === lines.length, {
      message: 'one line per test code',
    }),
});

export const AnalyserMappingRow = z.object({
  mapping_id: z.uuid(),
  machine_id: z.uuid(),
  test_code: z.string(),
  parameter_id: z.uuid(),
  parameter_name: z.string(),
  parameter_code: z.string().nullable(),
  unit_factor: z.number().nullable(),
  analyser_unit: z.string().nullable(),
  mapping_last_updated: stamp,
});
export type AnalyserMappingRow = z.output<typeof AnalyserMappingRow>;
export const AnalyserMappings = z.object({ mappings: z.array(AnalyserMappingRow) });
