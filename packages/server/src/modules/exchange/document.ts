import {
  type BiologyChapter,
  DEFAULT_BIOLOGY_CHAPTER,
  RECORD_STATUS,
  type ResultFlag,
  SAMPLE_STATUS,
} from '@sil/contract';
import { ANE_TEXTS } from '@sil/documents';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/open.js';
import { users } from '../../db/schema/users.js';
import { fail } from '../../lib/errors.js';
import type { RecordRow } from '../records/index.js';
import { contextOfRecord, gatherResults, latestReport, setting } from '../reports/index.js';
import { authorSpecialtyOf, laboratoryOidRoot } from './laboratory-oid.js';

/** One result as the exchange formats carry it: the reported number or text, its unit, range, flags. */
export interface ExchangeResult {
  /** The parameter's code in the laboratory (its machine code), or its id without one. */
  code: string;
  name: string;
  loinc?: string;
  /** The reported number (the formula's when there is one); null for a text result. */
  value: number | null;
  text: string | null;
  censored: '<' | '>' | null;
  decimals: number | null;
  unit?: string;
  low: number | null;
  high: number | null;
  flags: readonly ResultFlag[];
  sampleNumber: string;
  /** When the sample was collected, ISO. */
  collectedAt?: string;
}

export interface ExchangeAnalysis {
  /** The analysis's first NABM act when it has one (coding system NABM), else its id. */
  code: string;
  codeSystem: 'NABM' | 'L';
  name: string;
  /** The report chapter (LOINC) of the analysis's family, 'Biologie polyvalente' without one. */
  chapter: BiologyChapter;
  results: ExchangeResult[];
  /** The analysis was not performed (an ANE): its code and the text the report prints. */
  notPerformed?: { code: string; text: string };
  /** The laboratory hides its results from the patient in the DMP until a consultation. */
  dmpInvisible?: boolean;
}

/** A validated record's results, with who and what they are about: the input of every format. */
export interface ExchangeDocument {
  /** Unique per document: the stored report version's id. */
  id: string;
  /** When the record's results were validated (the stored report's stamp), ISO. */
  validatedAt: string;
  version: number;
  kind: 'partial' | 'final';
  /** The id of the version this one replaces (an amendment after an invalidation). */
  replaces?: string;
  /**
   * `oidRoot`: the root of the laboratory's own identifiers (documents, patients, users, catalogue
   * codes), laboratory-oid.ts.
   */
  laboratory: {
    id: string;
    name: string;
    finess?: string;
    address?: string;
    phone?: string;
    oidRoot: string;
  };
  record: { id: string; number: string; collectedAt?: string };
  patient: {
    id: string;
    surname: string;
    firstName: string;
    birthName?: string;
    /** YYYY-MM-DD */
    dob: string;
    sex: 'M' | 'F' | 'U';
    /** Only for a qualified identity (national INS rules). */
    ins?: { value: string; oid: string };
  };
  prescriber?: { id: string; surname: string; firstName: string; title?: string; rpps?: string };
  /**
   * The validating biologist; `nationalId` is the professional's national id (8 + RPPS) when known,
   * `specialty` their profession and specialty code (TRE_G15 / R38).
   */
  biologist: { id: string; name: string; nationalId?: string; specialty: { code: string; label: string } };
  analyses: ExchangeAnalysis[];
  /** The biologist's comments on samples, as the report prints them. */
  comments: Array<{ about: string; text: string }>;
  conclusion?: string;
}

/** The national identifier of a health professional as Pro Santé Connect gives it: 8 then the RPPS. */
const NATIONAL_PS_ID = /^8\d{11}$/;

const iso = (stamp: string | Date | null | undefined) => (stamp ? new Date(stamp).toISOString() : undefined);

/**
 * What a validated record's results are, for the exchange formats: the same reading as the report
 * (modules/reports gatherResults, validated samples only), and who validated it from its newest
 * stored report. A record not validated yet has nothing to exchange (recordNotValidated).
 */
export async function exchangeDocument(q: Queryable, record: RecordRow): Promise<ExchangeDocument> {
  const report = await latestReport(q, record.record_id);
  if (record.record_status < RECORD_STATUS.pendingSubmission || !report) return fail('recordNotValidated');
  const ctx = await contextOfRecord(q, record);
  const results = await gatherResults(q, ctx, { validatedOnly: true });
  const [biologist] = await q
    .select({ id: users.admin_uid, name: users.user_name, psc: users.psc_subject })
    .from(users)
    .where(eq(users.admin_uid, report.report_validated_by));
  const settings = results.laboratory?.laboratory_settings ?? {};
  const { patient, prescriber } = ctx;
  return {
    id: report.report_id,
    validatedAt: iso(report.report_validated_at) ?? new Date(0).toISOString(),
    version: report.report_version,
    kind: report.report_kind,
    replaces: report.report_replaces ?? undefined,
    laboratory: {
      id: record.laboratory_id,
      name: ctx.laboratoryName,
      finess: setting(settings, 'finess'),
      address: setting(settings, 'address'),
      phone: setting(settings, 'phone'),
      oidRoot: laboratoryOidRoot(settings),
    },
    record: {
      id: record.record_id,
      number: record.record_number,
      collectedAt: iso(record.record_collection_datetime),
    },
    patient: {
      id: patient.patient_id,
      surname: patient.patient_surname,
      firstName: patient.patient_name,
      birthName: patient.patient_birth_name ?? undefined,
      dob: String(patient.patient_dob).slice(0, 10),
      sex: patient.patient_gender === 'M' || patient.patient_gender === 'F' ? patient.patient_gender : 'U',
      ins: ctx.printableIns,
    },
    prescriber: prescriber
      ? {
          id: prescriber.prescriber_id,
          surname: prescriber.prescriber_surname,
          firstName: prescriber.prescriber_name,
          title: prescriber.prescriber_title ?? undefined,
          rpps: prescriber.prescriber_rpps ?? undefined,
        }
      : undefined,
    biologist: {
      id: report.report_validated_by,
      name: biologist?.name ?? '',
      nationalId: biologist?.psc && NATIONAL_PS_ID.test(biologist.psc) ? biologist.psc : undefined,
      specialty: authorSpecialtyOf(settings),
    },
    analyses: results.analyses
      .filter(({ analysis }) => !analysis.analysis_hide_in_report)
      .map(({ analysis, family, entries }): ExchangeAnalysis => {
        const nabm = analysis.analysis_nabm_codes[0];
        const ane = results.anes.find((row) => row.analysis_id === analysis.analysis_id);
        return {
          code: nabm ?? analysis.analysis_id,
          codeSystem: nabm ? 'NABM' : 'L',
          name: analysis.analysis_name,
          chapter: family?.family_chapter ?? DEFAULT_BIOLOGY_CHAPTER,
          dmpInvisible: analysis.analysis_dmp_invisible,
          notPerformed: ane
            ? {
                code: ane.code,
                text: [ANE_TEXTS[ane.code] ?? ane.code, ane.text].filter(Boolean).join(' : '),
              }
            : undefined,
          results: entries.flatMap(({ line, sample, result, parameter }): ExchangeResult[] => {
            if (!result || parameter?.parameter_hidden) return [];
            const converted = result.result_calculated !== null;
            return [
              {
                code: parameter?.parameter_code || line.parameter_id,
                name: line.parameter_name,
                loinc: parameter?.parameter_loinc || undefined,
                value: result.result_calculated ?? result.result_value,
                text: result.result_text,
                censored: result.result_censored,
                decimals: line.parameter_decimals,
                unit:
                  (result.result_unit ??
                    (converted ? line.parameter_unit_after_calc : line.parameter_unit)) ||
                  undefined,
                low: result.result_range_min,
                high: result.result_range_max,
                flags: result.result_flags,
                sampleNumber: sample.sample_number,
                collectedAt: iso(sample.sample_collection_datetime ?? record.record_collection_datetime),
              },
            ];
          }),
        };
      })
      .filter((analysis) => analysis.results.length > 0 || analysis.notPerformed),
    comments: ctx.samples
      .filter((sample) => sample.sample_status >= SAMPLE_STATUS.validated)
      .flatMap((sample) =>
        sample.sample_interpretation
          ? [{ about: sample.sample_number, text: sample.sample_interpretation }]
          : [],
      ),
    conclusion: record.record_interpretation ?? undefined,
  };
}
