import { type AddPatientBody, SAMPLE_STATUS } from '@sil/contract';
import type { RouteBody } from '@sil/contract/routes';
import { storedPdfText } from '@sil/documents/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './client.js';
import { aPatient, seedCatalogue, signInStaff } from './factories.js';
import {
  codeOf,
  DATABASES,
  digest,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

type Json = Record<string, unknown>;

/**
 * Billing (issue 16) on hand-computed examples, with B = 0.27 EUR (the national metropolitan value):
 * 1104 blood count 26 B = 7.02; 1209 T3 + T4 54 B = 14.58; 1207 T4 27 B = 7.29 (incompatible with
 * 1209 once the national table says so); HN01 non-refundable 40 B = 10.80 and a custom cost of
 * 15.00 on the quote.
 */
describe.each(DATABASES)('billing on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  let biologist: Session;
  let technician: Session;
  let secretary: Session;
  let clinicBilling: Session;
  const ids: Record<string, string> = {};
  const records: Record<string, string> = {};

  const as = (session: Session) => apiClient(ctx.app, session);
  const details = (recordId: string) => as(secretary).getBillingDetails({ record_id: recordId });
  /** The fee sheet or the quote of a record, which these records always have. */
  const printed = async (name: 'getCerfa' | 'getQuote', recordId: string) => {
    const answer = await as(secretary).call(name, { query: { record_id: recordId } });
    if ('skip' in answer) throw new Error(`${name} made no document for ${recordId}`);
    return answer;
  };

  /** A record of the four analyses taken through the bench and validated. */
  const validatedRecord = async (extra: Partial<AddPatientBody> = {}) => {
    const created = await as(secretary).addPatient({
      ...aPatient({ patient_surname: 'Facture', patient_name: 'Hélène', patient_dob: '1970-05-06' }),
      patient_insurance: 'CPAM Rhône',
      patient_agreement_type: 'Tiers payant',
      patient_insurance_code1: '75500017',
      patient_insurance_code2: '01',
      patient_insurance_from: '2025-01-01',
      patient_insurance_to: '2027-12-31',
      record_prescription_date: '2025-06-02',
      record_selected_analyses: [
        { combination: 1, analysis_ids: [ids.nfs, ids.t3t4, ids.t4, ids.vitamin].map(String) },
      ],
      ...extra,
    });
    await as(secretary).receiveRecord({ record_id: created.record_id });
    const sampleIds = created.samples.map((sample) => sample.sample_id);
    for (const sampleId of sampleIds)
      await as(technician).updateSampleStatus({
        sample_id: sampleId,
        sample_status: SAMPLE_STATUS.removed,
        force_save: true,
      });
    await as(biologist).validateRecord({ record_id: created.record_id, sample_ids: sampleIds });
    return created.record_id;
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    ({ admin, biologist, technician, secretary } = await signInStaff(ctx.app));
    const catalogue = await seedCatalogue(ctx.app, admin);
    ids.nfs = catalogue.nfs;
    for (const act of [
      { nabm_code: '1209', nabm_wording: 'T3 LIBRE + T4 LIBRE (SANG)', nabm_coef_b: 54 },
      { nabm_code: '1207', nabm_wording: 'THYROXINE LIBRE (SANG)', nabm_coef_b: 27 },
      { nabm_code: 'HN01', nabm_wording: 'Vitamine hors nomenclature', nabm_coef_b: 40, nabm_refund: false },
    ])
      await as(admin).reference('nabms').add(act);
    // Each measures a parameter of its own: an analysis is orderable only with one (issue 40).
    const analysis = async (name: string, codes: string[], extra: Json = {}) => {
      const measured = await as(admin).reference('parameters').add({ parameter_name: name });
      const added = await as(admin)
        .reference('analyses')
        .add({
          analysis_name: name,
          analysis_sample_type: catalogue.serum,
          analysis_matrix: catalogue.blood,
          analysis_nabm_codes: codes,
          analysis_parameters: [String(measured.parameter_id)],
          ...extra,
        });
      return String(added.analysis_id);
    };
    ids.t3t4 = await analysis('T3L + T4L', ['1209']);
    ids.t4 = await analysis('T4 libre', ['1207']);
    ids.vitamin = await analysis('Vitamine (hors nomenclature)', ['HN01'], {
      analysis_custom_cost_cents: 1500,
    });

    const clinicUser = await as(await login(ctx.app, 'clinique@demo.lab')).getUserData();
    ids.lilas = String(clinicUser.rights.clinic_id);
    ids.other = String(
      (await as(admin).reference('clinics').add({ clinic_name: 'Clinique des Tilleuls', clinic_code: 'TIL' }))
        .clinic_id,
    );
    const password = digest('Facturation-2026!');
    await as(admin).addNewExternalUser({
      user_name: 'Facturation Lilas',
      user_email: 'facturation@demo.lab',
      clinic_id: ids.lilas,
      external_account_type: 'billing',
      user_password: password,
    });
    clinicBilling = await login(ctx.app, 'facturation@demo.lab', password);

    // Every record is made before the national table makes 1207 and 1209 incompatible (the first
    // test): from then on a new record may no longer order both.
    const prescriber = await as(admin).reference('prescribers').add({
      prescriber_surname: 'Garçon',
      prescriber_name: 'Hélène',
      prescriber_rpps: '10003456786',
    });
    records.plain = await validatedRecord();
    records.prescribed = await validatedRecord({ record_prescriber: String(prescriber.prescriber_id) });
    records.lilas = await validatedRecord({ record_owner: ids.lilas });
    records.other = await validatedRecord({ record_owner: ids.other });
    records.dated = await validatedRecord();
  }, 240_000);
  afterAll(() => stopTestApp(ctx));

  it('bills the refundable acts, quotes the non-refundable ones and names an incompatible pair', async () => {
    const recordId = records.plain ?? '';
    const before = await details(recordId);
    expect(before).toMatchObject({
      billing_date: '2025-06-02',
      territory: 'metropolitan',
      b_value_cents: 27,
      insured: true,
      total_cents: 702 + 1458 + 729,
      total_quote_cents: 1080 + 1500,
      to_pay_cents: 2580,
      rules_applied: [],
      bill_state: 'toBill',
    });

    // The national table now says T4 alone is not billed with T3 + T4.
    const [act] = await as(admin).reference('nabms').get('1209');
    await as(admin)
      .reference('nabms')
      .update({
        nabm_code: '1209',
        nabm_last_updated: act?.nabm_last_updated,
        nabm_incompatible_codes: ['1207'],
      });
    const after = await details(recordId);
    expect(after.total_cents).toBe(702 + 1458);
    expect(after.total_quote_cents).toBe(2580);
    expect(after.rules_applied).toEqual(['incompatibleActs']);
    expect(after.acts.find((line) => line.nabm_code === '1207')).toMatchObject({
      billed: false,
      rule: 'incompatibleActs',
      rule_with: '1209',
      amount_cents: 729,
    });
    expect(after.acts.find((line) => line.nabm_code === 'HN01')).toMatchObject({
      billed: true,
      amount_cents: 1080,
    });
  });

  it('prints the fee sheet with the insurance, the prescriber RPPS and the acts, and the quote', async () => {
    const recordId = records.plain ?? '';
    const cerfa = await printed('getCerfa', recordId);
    expect(cerfa.filename).toMatch(/ - FACTURE Hélène - FEUILLE D'HONORAIRES\.pdf$/);
    const text = storedPdfText(Buffer.from(cerfa.pdf_base64, 'base64'));
    for (const expected of [
      "FEUILLE D'HONORAIRES",
      'CPAM Rhône',
      'Tiers payant',
      'Code AMC',
      '75500017',
      'Code télétransmission',
      '02/06/2025',
      '1104',
      'B 26',
      '7,02 €',
      '1209',
      '14,58 €',
      'Valeur de la lettre clé B : 0,27 €',
      'Total : 21,60 €',
      'Acte incompatible avec un acte mieux coté de la prescription (1209)',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('HN01');

    const quote = await printed('getQuote', recordId);
    expect(quote.filename).toMatch(/ - DEVIS\.pdf$/);
    const quoteText = storedPdfText(Buffer.from(quote.pdf_base64, 'base64'));
    for (const expected of ['DEVIS', 'HN01', '10,80 €', '15,00 €', 'Total devis : 25,80 €'])
      expect(quoteText).toContain(expected);
  });

  it('prints the prescriber RPPS on the fee sheet', async () => {
    const recordId = records.prescribed ?? '';
    const cerfa = await printed('getCerfa', recordId);
    const text = storedPdfText(Buffer.from(cerfa.pdf_base64, 'base64'));
    expect(text).toContain('Garçon');
    expect(text).toContain('10003456786');
  });

  it('lists bills by state, marks them billed then paid with who and when, and keeps clinics apart', async () => {
    const lilasRecord = records.lilas ?? '';
    const otherRecord = records.other ?? '';
    const list = async (session: Session, state: 'toBill' | 'billed' | 'paid') =>
      (await as(session).getBillingList({ bill_state: state })).data;

    const toBill = (await list(secretary, 'toBill')).map((row) => row.record_id);
    expect(toBill).toEqual(expect.arrayContaining([lilasRecord, otherRecord]));
    const clinicRows = await list(clinicBilling, 'toBill');
    expect(clinicRows.map((row) => row.record_id)).toContain(lilasRecord);
    expect(clinicRows.every((row) => row.clinic_id === ids.lilas)).toBe(true);
    const overreach = await as(clinicBilling).send('getBillingList', {
      query: { bill_state: 'toBill', clinic_id: String(ids.other) },
    });
    expect([overreach.statusCode, codeOf(overreach)]).toEqual([403, 'clinicUserOverreached']);
    // The clinic's billing user reads its bills; marking them is the laboratory's.
    const mark = (session: Session, name: 'markRecordBilled' | 'markRecordPaid', recordId = lilasRecord) =>
      as(session).send(name, { body: { record_id: recordId } });
    const clinicMark = await mark(clinicBilling, 'markRecordBilled');
    expect([clinicMark.statusCode, codeOf(clinicMark)]).toEqual([403, 'insufficientRights']);

    const unpaid = await mark(secretary, 'markRecordPaid');
    expect([unpaid.statusCode, codeOf(unpaid)]).toEqual([409, 'billNotBilled']);
    await as(secretary).markRecordBilled({ record_id: lilasRecord });
    const twice = await mark(secretary, 'markRecordBilled');
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'billAlreadyRecorded']);
    const billed = (await list(clinicBilling, 'billed')).find((row) => row.record_id === lilasRecord);
    expect(billed).toMatchObject({
      bill_state: 'billed',
      bill_total_cents: 702 + 1458,
      bill_billed_by_name: expect.stringContaining('David Petit'),
    });
    expect(billed?.bill_billed_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await list(clinicBilling, 'billed')).map((row) => row.record_id)).not.toContain(otherRecord);

    await as(secretary).markRecordPaid({ record_id: lilasRecord });
    const paid = (await list(secretary, 'paid')).find((row) => row.record_id === lilasRecord);
    expect(paid).toMatchObject({
      bill_state: 'paid',
      bill_paid_by_name: expect.stringContaining('David Petit'),
    });
    expect((await list(secretary, 'toBill')).map((row) => row.record_id)).not.toContain(lilasRecord);
    expect((await details(lilasRecord)).bill_state).toBe('paid');
  });

  it('refuses to bill a record that is not validated', async () => {
    const created = await as(secretary).addPatient({
      ...aPatient({
        patient_surname: 'Attente',
        patient_name: 'Paul',
        patient_gender: 'M',
        patient_dob: '1980-01-01',
      }),
      record_selected_analyses: [{ combination: 1, analysis_ids: [String(ids.nfs)] }],
    });
    const refused = await as(secretary).send('markRecordBilled', { body: { record_id: created.record_id } });
    expect([refused.statusCode, codeOf(refused)]).toEqual([409, 'recordNotBillable']);
    // Its billing details read as a quote would: a patient asks before the analyses are done.
    expect((await details(created.record_id)).total_cents).toBe(702);
  });

  it('takes the value of B on the prescription date in the laboratory territory', async () => {
    const recordId = records.dated ?? '';
    const bOf = async () => (await details(recordId)).b_value_cents;
    expect(await bOf()).toBe(27);
    const add = (body: RouteBody<'addBValue'>) => as(admin).addBValue(body);
    await add({
      b_territory: 'metropolitan',
      b_valid_from: '2025-01-01',
      b_valid_to: '2025-12-31',
      b_value_cents: 28,
    });
    // A value that starts after the prescription date does not apply to it.
    await add({ b_territory: 'metropolitan', b_valid_from: '2025-07-01', b_value_cents: 40 });
    expect(await bOf()).toBe(28);
    expect((await details(recordId)).acts.find((line) => line.nabm_code === '1104')?.amount_cents).toBe(
      26 * 28,
    );

    await as(admin).updateBillingTerritory({ territory: 'overseas' });
    expect(await bOf()).toBe(29);
    await add({ b_territory: 'overseas', b_valid_from: '2025-05-01', b_value_cents: 31 });
    expect((await details(recordId)).territory).toBe('overseas');
    expect(await bOf()).toBe(31);

    const values = await as(admin).getBValues();
    expect(values.territory).toBe('overseas');
    expect(values.values.filter((value) => value.b_own)).toHaveLength(3);
    const backwards = await as(admin).send('addBValue', {
      body: {
        b_territory: 'overseas',
        b_valid_from: '2025-05-01',
        b_valid_to: '2025-01-01',
        b_value_cents: 30,
      },
    });
    expect(backwards.statusCode).toBe(400);
    await as(admin).updateBillingTerritory({ territory: 'metropolitan' });
  });
});
