import {
  type BarcodeLabelsInput,
  labelDob,
  labelName,
  pdfFileName,
  type RequestFormInput,
  renderBarcodeLabels,
  renderExternalLabel,
  renderPasswordLabel,
  renderPrescriptionSheet,
  renderRequestForm,
} from '@sil/documents';
import type { RecordContext } from './record-context.js';

const REPORT_CHANNEL_OF = {
  record_must_fax: 'fax',
  record_must_phone: 'phone',
  record_must_post: 'post',
  record_must_paper: 'paper',
  record_must_online: 'online',
  record_must_insurance_report: 'insurance',
  record_must_occupational_physician: 'occupationalPhysician',
} as const;

/** YYYY-MM-DDTHH:mm in Paris time, as documents print it. */
export function parisLocal(stamp: string | null): string | undefined {
  if (!stamp) return undefined;
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(stamp));
  return parts.replace(' ', 'T');
}

export const sexOf = (gender: string): 'M' | 'F' | 'I' => (gender === 'M' || gender === 'F' ? gender : 'I');
export const documentPatient = (ctx: RecordContext) => ({
  surname: ctx.patient.patient_surname,
  firstName: ctx.patient.patient_name,
  birthName: ctx.patient.patient_birth_name ?? undefined,
  dob: ctx.patient.patient_dob,
  sex: sexOf(ctx.patient.patient_gender),
  ins: ctx.printableIns,
});
export const documentPrescriber = (ctx: RecordContext) =>
  ctx.prescriber
    ? {
        name: `${ctx.prescriber.prescriber_title ?? ''} ${ctx.prescriber.prescriber_surname} ${ctx.prescriber.prescriber_name}`.trim(),
        rpps: ctx.prescriber.prescriber_rpps ?? undefined,
      }
    : undefined;

export const fileNameFor = (ctx: RecordContext, kind: 'requestForm' | 'prescription') =>
  pdfFileName(ctx.record.record_number, ctx.patient.patient_surname, ctx.patient.patient_name, kind);

/** The body of the agent's POST /print-barcode: one label per sample, the sample number as barcode. */
export function labelData(ctx: RecordContext) {
  return {
    name: labelName(ctx.patient.patient_surname, ctx.patient.patient_name),
    dob: labelDob(ctx.patient.patient_dob, sexOf(ctx.patient.patient_gender)),
    barcode: ctx.record.record_number,
    samples: ctx.samples.map((sample) => ({
      sample_id: sample.sample_number,
      sample_type: ctx.typeName(sample.sample_type),
      sample_matrix: ctx.matrixName(sample.sample_matrix),
    })),
    amount: ctx.samples.length,
    password: ctx.record.record_password,
  };
}

export function barcodeLabels(ctx: RecordContext): Promise<Buffer> {
  const { password: _password, ...input } = labelData(ctx);
  return renderBarcodeLabels(input satisfies BarcodeLabelsInput);
}

/** The external label (spec.md §2 record actions): identity and the record's number as barcode. */
export function externalLabel(ctx: RecordContext): Promise<Buffer> {
  const { name, dob, barcode } = labelData(ctx);
  return renderExternalLabel({ name, dob, barcode });
}

export const passwordLabel = (ctx: RecordContext) =>
  renderPasswordLabel({ recordId: ctx.record.record_number, password: ctx.record.record_password });

export function requestForm(ctx: RecordContext): Promise<Buffer> {
  const combinationOf = new Map(
    ctx.record.record_selected_analyses.flatMap((group) =>
      group.analysis_ids.map((id) => [id, group.combination]),
    ),
  );
  const input: RequestFormInput = {
    laboratory: { name: ctx.laboratoryName },
    recordId: ctx.record.record_number,
    recordNumber: ctx.record.record_number,
    urgent: ctx.record.record_is_urgent,
    patient: documentPatient(ctx),
    prescriber: documentPrescriber(ctx),
    collectedAt: parisLocal(ctx.record.record_collection_datetime),
    collector: ctx.collector
      ? `${ctx.collector.collector_surname} ${ctx.collector.collector_name}`
      : undefined,
    prescriptionDate: ctx.record.record_prescription_date ?? undefined,
    analyses: ctx.analyses.map((analysis) => ({
      name: analysis.analysis_name,
      nabmCodes: analysis.analysis_nabm_codes.filter((code) => /^\d{1,4}$/.test(code)),
      combination: combinationOf.get(analysis.analysis_id) ?? 1,
      sampleType: ctx.typeName(analysis.analysis_sample_type),
      matrix: analysis.analysis_matrix ? ctx.matrixName(analysis.analysis_matrix) : undefined,
    })),
    clinicalInformation: ctx.record.record_clinical_information ?? undefined,
    reportChannels: Object.entries(REPORT_CHANNEL_OF)
      .filter(([field]) => ctx.record[field as keyof typeof REPORT_CHANNEL_OF] === true)
      .map(([, channel]) => channel),
  };
  return renderRequestForm(input);
}

export function prescriptionSheet(
  ctx: RecordContext,
  scan: { type: 'image/png' | 'image/jpeg'; bytes: Buffer } | undefined,
) {
  return renderPrescriptionSheet({
    laboratory: { name: ctx.laboratoryName },
    recordId: ctx.record.record_number,
    patient: documentPatient(ctx),
    prescriber: documentPrescriber(ctx),
    prescriptionDate: ctx.record.record_prescription_date ?? undefined,
    scan: scan ? { type: scan.type, bytes: new Uint8Array(scan.bytes) } : undefined,
  });
}
