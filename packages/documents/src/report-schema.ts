import { z } from 'zod';
import { documentPatientSchema, documentPrescriberSchema, localDateTimeSchema } from './schemas.js';

/**
 * What the result report (compte rendu) prints. The server gathers it from the record; hidden
 * parameters and analyses hidden in report arrive marked and the renderer leaves them out, so the
 * rule of what a patient never reads lives in one place.
 */
const line = (max: number) => z.string().trim().min(1).max(max);
const text = (max: number) => z.string().trim().max(max);

/** The reasons an amended report prints, at most (several invalidations may precede it). */
export const REPLACEMENT_REASON_MAX = 4000;

export const RESULT_MARKS = ['low', 'high', 'toxic', 'deadly'] as const;
export type ResultMark = (typeof RESULT_MARKS)[number];

export const reportLineSchema = z.object({
  parameter: line(160),
  hidden: z.boolean().default(false),
  /** The value as printed ('5,20', '< 0,10', 'Positif'); null when the result is missing. */
  value: text(400).nullable(),
  unit: text(40).optional(),
  /** The reference range applied for this patient, already written ('3,90 – 5,50'). */
  range: text(80).optional(),
  marks: z.array(z.enum(RESULT_MARKS)).default([]),
  /** The measured value before conversion, for parameters that show both. */
  beforeConversion: z.object({ value: line(60), unit: text(40).optional() }).optional(),
  anteriority: z.object({ value: line(60), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }).optional(),
});
export type ReportLine = z.input<typeof reportLineSchema>;

export const reportAnalysisSchema = z.object({
  name: line(160),
  hiddenInReport: z.boolean().default(false),
  accreditation: z.enum(['15189', '17025']).nullable().default(null),
  lines: z.array(reportLineSchema).max(500),
  forensicRemarks: z.array(text(2000)).max(50).default([]),
});

export const reportFamilySchema = z.object({
  name: line(160),
  rank: z.number().int().nullable().default(null),
  /** Analyses of this family are sent to another laboratory: listed, with no results here. */
  sentOut: z.boolean().default(false),
  message: text(2000).optional(),
  analyses: z.array(reportAnalysisSchema).max(500),
});

export const reportInputSchema = z.object({
  laboratory: z.object({
    name: line(120),
    address: line(200).optional(),
    phone: line(40).optional(),
    finess: z
      .string()
      .regex(/^\d{9}$/)
      .optional(),
    accreditation: text(400).optional(),
  }),
  recordId: line(40),
  patient: documentPatientSchema,
  prescriber: documentPrescriberSchema.optional(),
  collectedAt: localDateTimeSchema.optional(),
  kind: z.enum(['partial', 'final']),
  version: z.number().int().positive().optional(),
  /** Printed across every page of a report that is not the signed one ('PRÉVISUALISATION'). */
  watermark: line(40).optional(),
  validatedBy: line(120).optional(),
  validatedAt: localDateTimeSchema.optional(),
  /**
   * The version this one cancels and replaces (an amendment after invalidation): when that one was
   * validated, laboratory time, and why it was taken back.
   */
  replaces: z.object({ validatedAt: localDateTimeSchema, reason: line(REPLACEMENT_REASON_MAX) }).optional(),
  families: z.array(reportFamilySchema).max(200),
  notPerformed: z
    .array(z.object({ analysis: line(160), text: text(2000) }))
    .max(200)
    .default([]),
  sampleInterpretations: z
    .array(z.object({ sample: line(60), text: text(4000) }))
    .max(100)
    .default([]),
  recordInterpretation: text(8000).optional(),
  attachments: z
    .array(
      z.object({
        name: line(200),
        type: line(60),
        /** PNG and JPEG bytes are drawn on a page of their own; other files are listed. */
        bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array).optional(),
      }),
    )
    .max(50)
    .default([]),
});
export type ReportInput = z.input<typeof reportInputSchema>;
