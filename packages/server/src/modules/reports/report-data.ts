import { parseRangeString, rangeContains, SAMPLE_STATUS, type SampleResultLine } from '@sil/contract';
import { ANE_TEXTS, frenchNumber, type ReportInput, type ReportLine, type ResultMark } from '@sil/documents';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { analyses, parameters } from '../../db/schema/catalogue.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { families } from '../../db/schema/reference.js';
import type { Authenticated } from '../../lib/auth-context.js';
import { recordAnes } from '../nonconformities/tables.js';
import { recordSamplesResults } from '../results/index.js';
import { documentPatient, documentPrescriber, parisLocal } from './documents.js';
import { loadRecordContext, type RecordContext } from './record-context.js';

/** What the stored report of a validation prints beyond the record: who signs, which samples. */
export interface ReportScope {
  /** A stored report prints validated samples only; the preview prints every entered result. */
  validatedOnly: boolean;
}

type Result = NonNullable<SampleResultLine['result']>;
const MARKS: ReadonlySet<string> = new Set<ResultMark>(['low', 'high', 'toxic', 'deadly']);
const OTHER_FAMILY = 'Autres analyses';

export const setting = (settings: Record<string, unknown>, key: string) =>
  typeof settings[key] === 'string' && settings[key] !== '' ? (settings[key] as string) : undefined;

function rangeText(min: number | null, max: number | null, decimals: number | null): string | undefined {
  if (min !== null && max !== null) return `${frenchNumber(min, decimals)} – ${frenchNumber(max, decimals)}`;
  if (min !== null) return `> ${frenchNumber(min, decimals)}`;
  if (max !== null) return `< ${frenchNumber(max, decimals)}`;
  return undefined;
}

function valueText(
  result: Pick<Result, 'result_value' | 'result_text' | 'result_calculated' | 'result_censored'>,
  decimals: number | null,
) {
  const number = result.result_calculated ?? result.result_value;
  if (number === null) return result.result_text ?? null;
  const value = frenchNumber(number, decimals);
  return result.result_censored ? `${result.result_censored} ${value}` : value;
}

/** YYYY-MM-DD of an instant in the laboratory's time zone. */
const parisDate = (stamp: string | null) => parisLocal(stamp)?.slice(0, 10);

/** One parameter's line of a record, as read for its samples: the raw result, null when not printed. */
export interface ResultEntry {
  line: SampleResultLine;
  sample: RecordContext['samples'][number];
  /** Null when not entered, or when the sample is not validated and only validated ones count. */
  result: Result | null;
  parameter:
    | {
        parameter_id: string;
        parameter_code: string | null;
        parameter_loinc: string | null;
        parameter_hidden: boolean;
        parameter_show_before_after: boolean;
      }
    | undefined;
}

/** The record's analyses in the order they were ordered, each with its family and result lines. */
export interface RecordResults {
  ctx: RecordContext;
  laboratory: typeof laboratories.$inferSelect | undefined;
  analyses: Array<{
    analysis: RecordContext['analyses'][number];
    family: typeof families.$inferSelect | undefined;
    entries: ResultEntry[];
  }>;
  anes: Array<{ analysis_id: string; analysis_name: string; code: string; text: string | null }>;
}

/**
 * What a record's results are, read inside the caller's transaction: one source for the report and
 * the exchange formats. Each sample's results as the bench reads them (ranges, flags, anteriority),
 * the catalogue rows that say what is hidden, converted, coded (LOINC), the ANEs and the laboratory.
 */
export async function gatherResults(
  q: Queryable,
  ctx: RecordContext,
  scope: ReportScope,
): Promise<RecordResults> {
  const laboratoryId = ctx.record.laboratory_id;
  const entries: Array<Omit<ResultEntry, 'parameter'>> = [];
  const reads = await recordSamplesResults(q, laboratoryId, ctx);
  for (const [index, sample] of ctx.samples.entries()) {
    const printed = !scope.validatedOnly || sample.sample_status >= SAMPLE_STATUS.validated;
    for (const line of reads[index]?.lines ?? [])
      entries.push({ line, sample, result: printed ? line.result : null });
  }
  const analysisIds = ctx.analyses.map((analysis) => analysis.analysis_id);
  const parameterIds = [...new Set(entries.map(({ line }) => line.parameter_id))];
  const [laboratory] = await q
    .select()
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, laboratoryId));
  const familyRows =
    analysisIds.length === 0
      ? []
      : await q
          .select({ analysis_id: analyses.analysis_id, family: families })
          .from(analyses)
          .innerJoin(families, eq(families.family_id, analyses.analysis_family))
          .where(inArray(analyses.analysis_id, analysisIds));
  const parameterRows =
    parameterIds.length === 0
      ? []
      : await q
          .select({
            parameter_id: parameters.parameter_id,
            parameter_code: parameters.parameter_code,
            parameter_loinc: parameters.parameter_loinc,
            parameter_hidden: parameters.parameter_hidden,
            parameter_show_before_after: parameters.parameter_show_before_after,
          })
          .from(parameters)
          .where(inArray(parameters.parameter_id, parameterIds));
  const anes = await q
    .select({
      analysis_id: analyses.analysis_id,
      analysis_name: analyses.analysis_name,
      code: recordAnes.ane_code,
      text: recordAnes.ane_description,
    })
    .from(recordAnes)
    .innerJoin(analyses, eq(analyses.analysis_id, recordAnes.ane_analysis))
    .where(eq(recordAnes.ane_record, ctx.record.record_id))
    .orderBy(analyses.analysis_name);
  const familyOf = new Map(familyRows.map((row) => [row.analysis_id, row.family]));
  const parameterOf = new Map(parameterRows.map((row) => [row.parameter_id, row]));
  return {
    ctx,
    laboratory,
    anes,
    analyses: ctx.analyses.map((analysis) => ({
      analysis,
      family: familyOf.get(analysis.analysis_id),
      entries: entries
        .filter((entry) => entry.line.analysis_id === analysis.analysis_id)
        .map((entry) => ({ ...entry, parameter: parameterOf.get(entry.line.parameter_id) })),
    })),
  };
}

/** Everything the report of one record prints, read inside the caller's transaction. */
export async function gatherReport(
  q: Queryable,
  auth: Authenticated,
  recordId: string,
  scope: ReportScope,
): Promise<Omit<ReportInput, 'kind'>> {
  const ctx = await loadRecordContext(q, auth, recordId);
  const { laboratory, anes, analyses: ordered } = await gatherResults(q, ctx, scope);
  const linesOf = new Map<string, ReportLine[]>();
  const valuesOf = new Map<string, number[]>();
  for (const { entries } of ordered)
    for (const { line, result, parameter } of entries) {
      // A censored value's measure is below its limit, not a number to print before conversion.
      const converted =
        parameter?.parameter_show_before_after &&
        result?.result_calculated != null &&
        !result.result_censored;
      const decimals = line.parameter_decimals;
      const reported = result ? (result.result_calculated ?? result.result_value) : null;
      if (reported !== null && !result?.result_censored)
        valuesOf.set(line.analysis_id, [...(valuesOf.get(line.analysis_id) ?? []), reported]);
      const previous = line.anteriority;
      const previousValue = previous ? valueText(previous, decimals) : null;
      const previousDate = previous ? parisDate(previous.collected_at) : undefined;
      const printedLine: ReportLine = {
        parameter: line.parameter_name,
        hidden: parameter?.parameter_hidden ?? false,
        value: result ? valueText(result, decimals) : null,
        unit:
          (result?.result_unit ?? (converted ? line.parameter_unit_after_calc : line.parameter_unit)) ||
          undefined,
        range: result ? rangeText(result.result_range_min, result.result_range_max, decimals) : undefined,
        marks: (result?.result_flags ?? []).filter((flag): flag is ResultMark => MARKS.has(flag)),
        beforeConversion:
          converted && result?.result_value != null
            ? { value: frenchNumber(result.result_value, decimals), unit: line.parameter_unit ?? undefined }
            : undefined,
        anteriority: previousValue && previousDate ? { value: previousValue, date: previousDate } : undefined,
      };
      linesOf.set(line.analysis_id, [...(linesOf.get(line.analysis_id) ?? []), printedLine]);
    }

  const byFamily = new Map<string, NonNullable<ReportInput['families']>[number]>();
  for (const { analysis, family } of ordered) {
    const key = family?.family_id ?? OTHER_FAMILY;
    const group = byFamily.get(key) ?? {
      name: family?.family_name ?? OTHER_FAMILY,
      rank: family?.family_rank ?? null,
      sentOut: family?.family_is_envoi ?? false,
      message: family?.family_report_message ?? undefined,
      analyses: [],
    };
    const values = valuesOf.get(analysis.analysis_id) ?? [];
    group.analyses.push({
      name: analysis.analysis_name,
      hiddenInReport: analysis.analysis_hide_in_report,
      accreditation: analysis.analysis_accredited_15189
        ? '15189'
        : analysis.analysis_accredited_17025
          ? '17025'
          : null,
      lines: linesOf.get(analysis.analysis_id) ?? [],
      // A remark prints when a reported value falls in its range ('8 - 20', '< 30', '> 10').
      forensicRemarks: analysis.analysis_forensic_remarks
        .filter((remark) => {
          const range = parseRangeString(remark.range);
          return range !== null && values.some((value) => rangeContains(range, value));
        })
        .map((remark) => remark.remark),
    });
    byFamily.set(key, group);
  }

  const settings = laboratory?.laboratory_settings ?? {};
  return {
    laboratory: {
      name: ctx.laboratoryName,
      address: setting(settings, 'address'),
      phone: setting(settings, 'phone'),
      finess: setting(settings, 'finess'),
      accreditation: setting(settings, 'accreditation'),
    },
    recordId: ctx.record.record_number,
    patient: documentPatient(ctx),
    prescriber: documentPrescriber(ctx),
    collectedAt: parisLocal(ctx.record.record_collection_datetime),
    families: [...byFamily.values()],
    notPerformed: anes.map((ane) => ({
      analysis: ane.analysis_name,
      text: ane.text ? `${ANE_TEXTS[ane.code] ?? ane.code} (${ane.text})` : (ANE_TEXTS[ane.code] ?? ane.code),
    })),
    sampleInterpretations: ctx.samples
      .filter((sample) => sample.sample_interpretation)
      .map((sample) => ({ sample: sample.sample_number, text: sample.sample_interpretation ?? '' })),
    recordInterpretation: ctx.record.record_interpretation ?? undefined,
  };
}
