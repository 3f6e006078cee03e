import type { AddPatientBody } from '@sil/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiClient } from './client.js';
import { aPatient, seedCatalogue } from './factories.js';
import { DATABASES, directWrite, login, startTestApp, stopTestApp, type TestContext } from './helpers.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** What the record screen and its trace read: names of the rows a record and its changes point at. */
describe.each(DATABASES)('the record screen reads names on %s', (kind) => {
  let ctx: TestContext;
  let admin: ApiClient;
  let secretary: ApiClient;
  let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
  const ids = { clinic: '', prescriber: '', other: '', collector: '' };

  const addPrescriber = (surname: string, name: string) =>
    admin.reference('prescribers').add({ prescriber_surname: surname, prescriber_name: name });
  /** The record as the laboratory's staff read it, with the names of what it points at. */
  const recordOf = async (recordId: string) => {
    const [detail] = await admin.getRecord({ record_id: recordId });
    if (!detail || !('record_analyses' in detail)) throw new Error(`${recordId}: no staff record detail`);
    return detail;
  };

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    const session = await login(ctx.app, 'admin@demo.lab');
    admin = apiClient(ctx.app, session);
    secretary = apiClient(ctx.app, await login(ctx.app, 'secretariat@demo.lab'));
    catalogue = await seedCatalogue(ctx.app, session);
    const clinic = await admin
      .reference('clinics')
      .add({ clinic_name: 'Clinique du Parc', clinic_code: 'PARC' });
    ids.clinic = String(clinic.clinic_id);
    ids.prescriber = String((await addPrescriber('LEROY', 'Anne')).prescriber_id);
    ids.other = String((await addPrescriber('FABRE', 'Louis')).prescriber_id);
    const collector = await admin
      .reference('collectors')
      .add({ collector_surname: 'GIRARD', collector_name: 'Inès', collector_owner: ids.clinic });
    ids.collector = String(collector.collector_id);
  });
  afterAll(() => stopTestApp(ctx));

  /** A new patient and record, registered by the secretary. */
  const registered = (fields: Partial<AddPatientBody> & Pick<AddPatientBody, 'record_selected_analyses'>) =>
    secretary.addPatient({ ...aPatient(fields), record_selected_analyses: fields.record_selected_analyses });

  it('answers a record with its prescriber, collector, clinic, analyses and sample kinds by name', async () => {
    const created = await registered({
      patient_surname: 'Lambert',
      patient_name: 'Odile',
      patient_gender: 'F',
      patient_dob: '1961-07-02',
      record_prescriber: ids.prescriber,
      record_collector: ids.collector,
      record_owner: ids.clinic,
      record_selected_analyses: [
        { combination: 1, analysis_ids: [catalogue.nfs, catalogue.glucose, catalogue.ecbu] },
      ],
      record_must_paper: true,
    });
    const detail = await recordOf(created.record_id);
    expect(detail).toMatchObject({
      record_prescriber_name: 'LEROY Anne',
      record_collector_name: 'GIRARD Inès',
      record_owner_name: 'Clinique du Parc',
      record_analyses: [
        { analysis_id: catalogue.nfs, analysis_name: 'NFS' },
        { analysis_id: catalogue.glucose, analysis_name: 'Glycémie' },
        { analysis_id: catalogue.ecbu, analysis_name: 'ECBU' },
      ],
    });
    const kinds = detail.samples.map((sample) => `${sample.sample_type_name} / ${sample.matrix_name}`);
    expect(kinds.sort()).toEqual(['Flacon stérile / Urine', 'Tube EDTA / Sang', 'Tube sec / Sang']);
  });

  it('names a renamed prescriber and sample type at the next call, though this server remembers names', async () => {
    const added = await addPrescriber('BLANC', 'Marc');
    const created = await registered({
      patient_surname: 'Moreau',
      patient_name: 'Élise',
      patient_gender: 'F',
      patient_dob: '1984-11-30',
      record_prescriber: String(added.prescriber_id),
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
    });
    const read = () => recordOf(created.record_id);
    expect((await read()).record_prescriber_name).toBe('BLANC Marc');
    // Read twice: the second answer comes from the names this server remembers.
    expect((await read()).samples.map((sample) => sample.sample_type_name)).toEqual(['Tube EDTA']);

    await admin.reference('prescribers').update({
      prescriber_id: added.prescriber_id,
      prescriber_last_updated: added.prescriber_last_updated,
      prescriber_surname: 'BLANC-MOREL',
    });
    expect((await read()).record_prescriber_name).toBe('BLANC-MOREL Marc');
    // A write that goes around the API (an import, a script) is seen as soon.
    const written = await directWrite(ctx.database.db, (tx) =>
      tx.execute(
        sql`UPDATE sample_types SET sample_type_name = 'Tube violet EDTA' WHERE sample_type_id = ${catalogue.edta}`,
      ),
    );
    expect(written).toBe('accepted');
    expect((await read()).samples.map((sample) => sample.sample_type_name)).toEqual(['Tube violet EDTA']);
    await directWrite(ctx.database.db, (tx) =>
      tx.execute(
        sql`UPDATE sample_types SET sample_type_name = 'Tube EDTA' WHERE sample_type_id = ${catalogue.edta}`,
      ),
    );
  });

  it('moves the names version on a rename or a deletion only', async () => {
    const version = async () => {
      const found = (await ctx.database.db.execute(
        sql`SELECT coalesce(max(names_version), 0)::int AS v FROM reference_name_versions
             WHERE laboratory_id = (SELECT laboratory_id FROM users WHERE user_email = 'admin@demo.lab')`,
      )) as unknown as { rows: Array<{ v: number }> };
      return found.rows[0]?.v ?? 0;
    };
    const added = await addPrescriber('NOIR', 'Léa');
    const before = await version();
    await admin.reference('prescribers').update({
      prescriber_id: added.prescriber_id,
      prescriber_last_updated: added.prescriber_last_updated,
      prescriber_phone_num: '0472000000',
    });
    expect(await version()).toBe(before);
    expect(await admin.reference('prescribers').delete([String(added.prescriber_id)])).toEqual({
      deleted: 1,
    });
    expect(await version()).toBe(before + 1);
  });

  it('names the analyses it can when the record keeps an id that is no UUID, instead of failing', async () => {
    const created = await registered({
      patient_surname: 'Garnier',
      patient_name: 'Luc',
      patient_gender: 'M',
      patient_dob: '1975-03-09',
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
    });
    // Only a record written before the API checked its ids (or by hand) holds such a value.
    const kept = JSON.stringify([{ combination: 1, analysis_ids: ['NFS', catalogue.glucose] }]);
    const written = await directWrite(ctx.database.db, (tx) =>
      tx.execute(
        sql`UPDATE records SET record_selected_analyses = ${kept}::jsonb WHERE record_id = ${created.record_id}`,
      ),
    );
    expect(written).toBe('accepted');
    // Raw answer: the id kept is outside the contract, which the parsed answer would refuse.
    const response = await admin.send('getRecord', { query: { record_id: created.record_id } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()[0]?.record_analyses).toEqual([
      { analysis_id: 'NFS', analysis_name: '' },
      { analysis_id: catalogue.glucose, analysis_name: 'Glycémie' },
    ]);
  });

  it('names, in one answer, the rows each trace entry changes and the identifiers its values hold', async () => {
    const created = await registered({
      patient_surname: 'Rivière',
      patient_name: 'Paul',
      patient_gender: 'M',
      patient_dob: '1990-01-15',
      record_prescriber: ids.prescriber,
      record_selected_analyses: [{ combination: 1, analysis_ids: [catalogue.nfs] }],
    });
    const read = await recordOf(created.record_id);
    await secretary.updatePatient({
      record_id: created.record_id,
      record_last_updated: read.record_last_updated,
      record_prescriber: ids.other,
      record_is_urgent: true,
    });

    const trace = await admin.getRecordTrace({ record_id: created.record_id });
    const changed = trace.find((entry) => entry.modification_field === 'record_prescriber');
    expect(changed).toMatchObject({
      modification_by_name: 'David Petit (secrétariat)',
      names: {
        [ids.prescriber]: 'LEROY Anne',
        [ids.other]: 'FABRE Louis',
        [created.record_id]: read.record_number,
      },
    });
    const sample = created.samples[0];
    const sampleInsert = trace.find(
      (entry) => entry.table_name === 'samples' && entry.row_id === sample?.sample_id,
    );
    expect(sampleInsert?.names).toMatchObject({
      [String(sample?.sample_id)]: sample?.sample_number,
      [catalogue.nfs]: 'NFS',
      [catalogue.edta]: 'Tube EDTA',
      [catalogue.blood]: 'Sang',
    });
    // Every identifier of an entry is named, but the laboratory's own (a whole row keeps it no more).
    for (const entry of trace) {
      const found = [entry.row_id, entry.modification_old_value, entry.modification_new_value]
        .join(' ')
        .match(UUID);
      for (const id of found ?? [])
        expect(entry.names[id], `${entry.table_name} ${entry.modification_field}`).toBeTypeOf('string');
    }
  });
});
