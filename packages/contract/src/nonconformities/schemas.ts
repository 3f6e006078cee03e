import { z } from 'zod';
import { aneCodeSchema, ncaCodeSchema, nctCodeSchema } from '../enums.js';
import { lastUpdated } from '../fields.js';
import { optionalRowId, optionalStamp, rowId, stamp } from '../rows/stamps.js';

/** The code every vocabulary keeps for what its list does not name (spec.md §9). */
const OTHER = 'other';

const description = z.string().trim().max(2000).nullable().optional();
const requiredText = z.string().trim().min(1).max(2000);

/** 'other' says nothing by itself: it needs the description that says what happened. */
const describedWhenOther =
  <K extends string>(codeField: K, descriptionField: string) =>
  (body: Record<K, string> & Record<string, unknown>, ctx: z.RefinementCtx) => {
    const text = body[descriptionField];
    if (body[codeField] === OTHER && (typeof text !== 'string' || text.trim() === ''))
      ctx.addIssue({ code: 'custom', path: [descriptionField], message: 'required' });
  };

/** An analysis of the record not performed, with why (spec.md §9 ANE list). */
export const AneRow = z.object({
  ane_id: rowId,
  ane_record: rowId,
  ane_analysis: rowId,
  analysis_name: z.string().nullable(),
  ane_code: z.string(),
  ane_description: z.string().nullable(),
  ane_created_by: optionalRowId,
  ane_created_at: stamp,
  ane_last_updated: stamp,
});
export type AneRow = z.output<typeof AneRow>;

/** An administrative non-conformity of the record, open until resolved with a solution. */
export const NcaRow = z.object({
  nca_id: rowId,
  nca_record: rowId,
  nca_code: z.string(),
  nca_description: z.string().nullable(),
  nca_solution: z.string().nullable(),
  nca_resolved: z.boolean(),
  nca_created_by: optionalRowId,
  nca_created_at: stamp,
  nca_resolved_by: optionalRowId,
  nca_resolved_at: optionalStamp,
  nca_last_updated: stamp,
});
export type NcaRow = z.output<typeof NcaRow>;

/** The ANEs and NCAs of a record, in the order they were raised. */
export const RecordNonconformities = z.object({
  anes: z.array(AneRow),
  ncas: z.array(NcaRow),
});
export type RecordNonconformities = z.output<typeof RecordNonconformities>;

/** An ANE on one analysis of the record; a second one on the same analysis replaces the first. */
export const AddAneBody = z
  .object({
    record_id: rowId,
    analysis_id: rowId,
    ane_code: aneCodeSchema,
    ane_description: description,
  })
  .superRefine(describedWhenOther('ane_code', 'ane_description'));
export type AddAneBody = z.input<typeof AddAneBody>;

export const AddNcaBody = z
  .object({
    record_id: rowId,
    nca_code: ncaCodeSchema,
    nca_description: description,
  })
  .superRefine(describedWhenOther('nca_code', 'nca_description'));
export type AddNcaBody = z.input<typeof AddNcaBody>;

export const ResolveNcaBody = z.object({ nca_id: rowId, nca_solution: requiredText });
export type ResolveNcaBody = z.input<typeof ResolveNcaBody>;

/** Opens the sample's NCT, or rewords the one open, with the stamp of the sample as read. */
export const OpenNctBody = z
  .object({
    sample_id: rowId,
    sample_last_updated: lastUpdated,
    sample_nct_code: nctCodeSchema,
    sample_nct_description: description,
  })
  .superRefine(describedWhenOther('sample_nct_code', 'sample_nct_description'));
export type OpenNctBody = z.input<typeof OpenNctBody>;

/** Closes the sample's open NCT with what was done about it. */
export const CloseNctBody = z.object({
  sample_id: rowId,
  sample_last_updated: lastUpdated,
  sample_nct_solution: requiredText,
});
export type CloseNctBody = z.input<typeof CloseNctBody>;

/** Sets (with why) or lifts the LBloc of a sample. */
export const UpdateSampleLblocBody = z
  .object({
    sample_id: rowId,
    sample_last_updated: lastUpdated,
    sample_lbloc_flag: z.boolean(),
    sample_lbloc_description: description,
  })
  .superRefine((body, ctx) => {
    if (body.sample_lbloc_flag && !body.sample_lbloc_description?.trim())
      ctx.addIssue({ code: 'custom', path: ['sample_lbloc_description'], message: 'required' });
  });
export type UpdateSampleLblocBody = z.input<typeof UpdateSampleLblocBody>;

/** Sets (with why) or lifts the LBloc of a record. */
export const UpdateRecordLblocBody = z
  .object({
    record_id: rowId,
    record_last_updated: lastUpdated,
    record_lbloc_flag: z.boolean(),
    record_lbloc_description: description,
  })
  .superRefine((body, ctx) => {
    if (body.record_lbloc_flag && !body.record_lbloc_description?.trim())
      ctx.addIssue({ code: 'custom', path: ['record_lbloc_description'], message: 'required' });
  });
export type UpdateRecordLblocBody = z.input<typeof UpdateRecordLblocBody>;
