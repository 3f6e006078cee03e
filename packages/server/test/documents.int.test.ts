import { inflateSync } from 'node:zlib';
import { barWidths, decodeCode128, pdfText, readPdfPages } from '@sil/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from './client.js';
import { aPatient, seedCatalogue } from './factories.js';
import {
  call,
  codeOf,
  DATABASES,
  login,
  multipart,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/** The PDF with every Flate stream inflated, so that its text and bars can be read. */
function inflated(pdf: Buffer): Buffer {
  const source = pdf.toString('latin1');
  return Buffer.from(
    source.replace(
      /\/Filter \/FlateDecode([\s\S]*?)stream\n([\s\S]*?)\nendstream/g,
      (_all, dict: string, body: string) => {
        const plain = inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
        return `${dict}stream\n${plain}\nendstream`;
      },
    ),
    'latin1',
  );
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(DATABASES)('report service and uploads on %s', (kind) => {
  let ctx: TestContext;
  let secretary: Session;
  let frontDesk: ApiClient;
  let created: Awaited<ReturnType<ApiClient['addPatient']>>;
  /** A record's PDF document as the report service renders it: its file name and inflated bytes. */
  const documentOf = async (
    name: 'getBarcodeLabels' | 'getExternalRequestForm' | 'getPasswordLabel' | 'getPrescription',
  ) => {
    const answer = await frontDesk[name]({ record_id: created.record_id });
    if ('skip' in answer) throw new Error(`${name}: no document`);
    return { filename: answer.filename, pdf: inflated(Buffer.from(answer.pdf_base64, 'base64')) };
  };
  const upload = (fields: Record<string, string>, file: { name: string; bytes: Buffer }) =>
    frontDesk.send('uploadFile', multipart({ record_id: created.record_id, ...fields }, file));

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const admin = await login(ctx.app, 'admin@demo.lab');
    const catalogue = await seedCatalogue(ctx.app, admin);
    secretary = await login(ctx.app, 'secretariat@demo.lab');
    frontDesk = apiClient(ctx.app, secretary);
    const [prescriber] = (await apiClient(ctx.app, admin).reference('prescribers').list()).data;
    created = await frontDesk.addPatient({
      ...aPatient({ patient_surname: 'Lefèvre', patient_name: 'Zoé', patient_dob: '1992-07-14' }),
      record_prescriber: String(prescriber?.prescriber_id),
      record_selected_analyses: [
        { combination: 1, analysis_ids: [catalogue.nfs, catalogue.glucose, catalogue.ecbu] },
      ],
      record_must_paper: true,
      record_is_urgent: true,
    });
  });
  afterAll(() => stopTestApp(ctx));

  it('answers what the label printer needs: name, DDMMYYYY sex, record and sample numbers', async () => {
    const data = await frontDesk.getLabelData({ record_id: created.record_id });
    expect(data).toMatchObject({
      name: 'LEFÈVRE Zoé',
      dob: '14071992 F',
      barcode: created.record_number,
      amount: 3,
      password: created.record_password,
    });
    expect(data.samples.map((s) => s.sample_id)).toEqual(created.samples.map((s) => s.sample_number));
    expect(data.samples.map((s) => s.sample_type).sort()).toEqual([
      'Flacon stérile',
      'Tube EDTA',
      'Tube sec',
    ]);
  });

  it('renders the tube labels: each barcode decodes to its sample number', async () => {
    const { pdf } = await documentOf('getBarcodeLabels');
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const pages = readPdfPages(pdf);
    expect(pages).toHaveLength(3);
    expect(pages.map((page) => decodeCode128(barWidths(page.rects)))).toEqual(
      created.samples.map((s) => s.sample_number),
    );
    // The payload keeps DDMMYYYY; the paper reads the date with slashes.
    expect(pdfText(pdf)).toContain('14/07/1992 F');
  });

  it('renders the request form with the file name of spec.md, and the password label', async () => {
    const form = await documentOf('getExternalRequestForm');
    expect(form.filename).toBe(`${created.record_number} - LEFÈVRE Zoé - BON DE DEMANDE D'ANALYSE.pdf`);
    const text = pdfText(form.pdf);
    expect(text).toContain('NFS');
    expect(text).toContain('Glycémie');
    expect(text).toContain('BERNARD');
    const password = await documentOf('getPasswordLabel');
    expect(pdfText(password.pdf)).toContain(created.record_password);
  });

  it('skips the prescription until one is uploaded, then renders the scan on its sheet', async () => {
    expect(await frontDesk.getPrescription({ record_id: created.record_id })).toEqual({ skip: true });
    const uploaded = await upload(
      { document_type: 'prescription', appears_in_report: 'false' },
      { name: 'ordonnance.png', bytes: PNG },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({
      upload_content_type: 'image/png',
      upload_size: PNG.length,
      upload_document_type: 'prescription',
    });
    const sheet = await documentOf('getPrescription');
    expect(sheet.filename).toBe(`${created.record_number} - LEFÈVRE Zoé - PRESCRIPTION.pdf`);
    expect(sheet.pdf.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('keeps files per record, checks their real type, downloads and deletes them', async () => {
    const refused = await upload(
      { document_type: 'misc' },
      { name: 'virus.pdf', bytes: Buffer.from('MZ\x90\x00 not a pdf') },
    );
    expect([refused.statusCode, codeOf(refused)]).toEqual([415, 'unsupportedFileType']);
    const noType = await upload({}, { name: 'a.pdf', bytes: Buffer.from('%PDF-1.4') });
    expect(codeOf(noType)).toBe('incorrectType');
    const pdf = Buffer.from('%PDF-1.4\n% résultats externes\n');
    const results = (
      await upload(
        { document_type: 'results', appears_in_report: 'true' },
        { name: 'résultats.pdf', bytes: pdf },
      )
    ).json<{ upload_id: string }>();
    const list = (
      await call(ctx.app, secretary, 'getUploads', { query: { record_id: created.record_id } })
    ).json<Json[]>();
    expect(list.map((u) => u.upload_document_type).sort()).toEqual(['prescription', 'results']);
    const download = await call(ctx.app, secretary, 'downloadUpload', {
      query: { upload_id: results.upload_id },
    });
    expect([download.headers['content-type'], download.rawPayload.equals(pdf)]).toEqual([
      'application/pdf',
      true,
    ]);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''r%C3%A9sultats.pdf");
    const removed = await call(ctx.app, secretary, 'deleteUpload', {
      body: { upload_id: results.upload_id },
    });
    expect(removed.json()).toEqual({ deleted: true });
    expect(
      codeOf(await call(ctx.app, secretary, 'downloadUpload', { query: { upload_id: results.upload_id } })),
    ).toBe('fileNotFound');
  });

  it('keeps the prescription of a record under analysis', async () => {
    const technician = await login(ctx.app, 'technicien@demo.lab');
    const record = (
      await call(ctx.app, secretary, 'getRecord', { query: { record_id: created.record_id } })
    ).json<Array<{ samples: Json[] }>>()[0];
    await call(ctx.app, secretary, 'receiveRecord', { body: { record_id: created.record_id } });
    const moved = await call(ctx.app, technician, 'updateSampleStatus', {
      body: { sample_id: record?.samples[0]?.sample_id, sample_status: 1 },
    });
    expect(moved.statusCode).toBe(200);
    const [prescription] = (
      await call(ctx.app, secretary, 'getUploads', { query: { record_id: created.record_id } })
    ).json<Json[]>();
    const refused = await call(ctx.app, secretary, 'deleteUpload', {
      body: { upload_id: prescription?.upload_id },
    });
    expect(codeOf(refused)).toBe('cannotDelete');
  });

  it('prints the INS only for a qualified identity', async () => {
    const admin = await login(ctx.app, 'admin@demo.lab');
    const [record] = (
      await call(ctx.app, admin, 'getRecord', { query: { record_id: created.record_id } })
    ).json<Array<{ patient: Json }>>();
    const patient = record?.patient ?? {};
    const withIns = await call(ctx.app, admin, 'updatePatient', {
      body: {
        patient_id: patient.patient_id,
        patient_last_updated: patient.patient_last_updated,
        patient_ins: '279035121518989',
        patient_ins_oid: '1.2.250.1.213.1.4.10',
        patient_identity_status: 'retrieved',
      },
    });
    expect(withIns.statusCode, withIns.body).toBe(200);
    const retrieved = pdfText((await documentOf('getExternalRequestForm')).pdf);
    expect(retrieved).not.toContain('279035121518989');
    await call(ctx.app, admin, 'updatePatient', {
      body: {
        patient_id: patient.patient_id,
        patient_last_updated: withIns.json().patient.patient_last_updated,
        patient_identity_status: 'qualified',
      },
    });
    const qualified = pdfText((await documentOf('getExternalRequestForm')).pdf);
    expect(qualified.replace(/\s/g, '')).toContain('279035121518989');
  });
});
