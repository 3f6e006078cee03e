import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot, toastTexts } from './browser.js';
import { type RunningAgent, startAgent } from './records-agent.js';
import { type CreatedAnalysis, choose, idOf, next, setUpCatalogue, waitForToast } from './records-setup.js';
import { sharedServerUrl } from './shared-server.js';
import { signIn } from './sign-in.js';

/**
 * The record screen's actions, the uploads screen, the wizard's INS lookup, linked analyses,
 * inline collectors and prescribers, quick selections and editing, and the records, patients and
 * samples tables, in the browser in French, as the front desk (the administrator where rights need).
 */
const baseUrl = sharedServerUrl();
const stamp = Date.now().toString(36).toUpperCase();
const SURNAME = `LEFEVRE${stamp}`;
const FIRST = 'Claire';
const NAMES = [`NFS ${stamp}`, `Glycémie ${stamp}`, `Ferritine ${stamp}`, `Interne ${stamp}`] as const;
/** The smallest PNG there is: one white pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let agent: RunningAgent | undefined;
let admin: Record<string, string>;
let catalogue: Map<string, CreatedAnalysis>;
const record = { id: '', number: '', patientId: '' };
let replacement = { id: '', number: '' };
/** Number of the patient's record that ordered the analysis hidden since. */
let internalRecord = '';

const analysisId = (name: string) => catalogue.get(name)?.id ?? '';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin(baseUrl, 'admin@demo.lab');
  catalogue = await setUpCatalogue(baseUrl, admin, stamp, NAMES);
  const answer = await send(
    baseUrl,
    'POST',
    '/api/add-patient',
    {
      patient_surname: SURNAME,
      patient_name: FIRST,
      patient_gender: 'F',
      patient_dob: '1980-05-06',
      record_prescription_date: '2026-01-10',
      record_selected_analyses: [
        { combination: 1, analysis_ids: [analysisId(NAMES[0]), analysisId(NAMES[1])] },
      ],
    },
    admin,
  );
  record.id = idOf(answer, 'record_id');
  record.number = idOf(answer, 'record_number');
  record.patientId = idOf(answer, 'patient_id');
  // An earlier record of the same patient with an analysis the laboratory has hidden since.
  internalRecord = idOf(
    await send(
      baseUrl,
      'POST',
      '/api/add-patient',
      {
        patient_id: record.patientId,
        record_selected_analyses: [
          { combination: 1, analysis_ids: [analysisId(NAMES[2]), analysisId(NAMES[3])] },
        ],
      },
      admin,
    ),
    'record_number',
  );
  // Hidden once ordered: the earlier record keeps it, a new record may not order it.
  const internal = catalogue.get(NAMES[3]);
  await send(
    baseUrl,
    'PUT',
    '/api/update-analysis',
    { analysis_id: internal?.id, analysis_last_updated: internal?.stamp, analysis_visible: false },
    admin,
  );
});

afterAll(async () => {
  await agent?.stop();
  await browser?.close();
});

/** Clicks and answers the file the browser downloads: its suggested name and its bytes. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-';

/** The record's screen, by address or signed in straight onto it as `email`. */
async function openRecord(page: Page, id: string, email?: string) {
  const path = `/fr/preview-record/${id}`;
  if (email) await signIn(page, baseUrl, email, path);
  else await page.goto(`${baseUrl}${path}`);
  await page.locator('[data-testid="record-actions"]').waitFor();
}

describe('the record screen', () => {
  it('downloads the request form; the prescription only once a scan is uploaded', async () => {
    const page = await newPage(browser);
    await openRecord(page, record.id, 'secretariat@demo.lab');
    const form = await download(page, () => page.locator('[data-action="request-form"]').click());
    expect(form.name).toBe(`${record.number} - ${SURNAME} ${FIRST} - BON DE DEMANDE D'ANALYSE.pdf`);
    expect(isPdf(form.bytes)).toBe(true);
    await waitForToast(page, 'Téléchargement réussi');
    await page.locator('[data-action="prescription"]').click();
    await waitForToast(page, 'Aucune ordonnance numérisée pour ce dossier');
    await page.context().close();
  });

  it('gives the labels as a PDF without the agent, with one message, and prints every label through it', async () => {
    const page = await newPage(browser);
    await openRecord(page, record.id, 'secretariat@demo.lab');
    // No agent on this desk: one click, the PDF, and one message saying why.
    const labels = await download(page, () => page.locator('[data-action="print-labels"]').click());
    expect(isPdf(labels.bytes)).toBe(true);
    await waitForToast(page, 'Les étiquettes sont téléchargées en PDF');
    expect(await toastTexts(page)).toHaveLength(1);
    expect((await toastTexts(page))[0]).toContain('Le service d’impression du poste ne répond pas');
    expect(await page.locator('[data-testid="print-fallback"]').count()).toBe(0);
    await screenshot(page, 'labels-without-agent-fr-light');

    agent = await startAgent(baseUrl);
    const outputDir = agent.outputDir;
    const written = () => readdirSync(outputDir).filter((name) => name.endsWith('.pdf')).length;
    for (const [action, count] of [
      ['print-labels', 1],
      ['print-external', 2],
      ['print-password', 3],
    ] as const) {
      await page.locator(`[data-action="${action}"]`).click();
      await expect.poll(written).toBe(count);
    }
    // The agent renders the labels' PDF: on a loaded machine that takes longer than a save.
    await waitForToast(page, 'Impression réussie', 40_000);
    for (const name of readdirSync(outputDir)) {
      expect(isPdf(readFileSync(path.join(outputDir, name))), name).toBe(true);
    }
    expect(await page.locator('[data-testid="print-fallback"]').count()).toBe(0);
    await page.context().close();
  });

  it('uploads a scanned prescription, lists it, downloads it; the prescription is then a PDF', async () => {
    const page = await newPage(browser);
    await openRecord(page, record.id, 'secretariat@demo.lab');
    await page.getByRole('button', { name: 'Téléverser des documents' }).click();
    await page.waitForURL(new RegExp(`/fr/uploads/${record.id}$`));
    await page.locator('input[type="file"]').setInputFiles({
      name: `ordonnance-${stamp}.png`,
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.locator('[data-action="upload"]').click();
    await waitForToast(page, 'Fichier envoyé');
    const row = page.locator('[data-testid="uploads"] tbody tr', { hasText: `ordonnance-${stamp}.png` });
    await row.getByText('Ordonnance', { exact: true }).waitFor();
    const file = await download(page, () => row.getByRole('button', { name: 'Télécharger' }).click());
    expect(file.name).toBe(`ordonnance-${stamp}.png`);
    expect(file.bytes.equals(PNG)).toBe(true);
    await screenshot(page, 'uploads-fr-light');

    // The desk scanner's newest document, taken through the agent as the record's prescription:
    // the agent keeps it under the record's number, the upload carries that name.
    const scanDir = agent?.scanDir ?? '';
    writeFileSync(path.join(scanDir, 'SCAN0001.png'), PNG);
    const settled = new Date(Date.now() - 60_000);
    utimesSync(path.join(scanDir, 'SCAN0001.png'), settled, settled);
    await page.locator('[data-action="take-scan"]').click();
    await expect
      .poll(() => page.locator('[data-testid="upload-file"]').innerText())
      .toContain(`${record.number}.png`);
    await page.locator('[data-action="upload"]').click();
    await waitForToast(page, `${record.number}.png`);
    await page.locator('[data-testid="uploads"] tbody tr', { hasText: `${record.number}.png` }).waitFor();
    expect(readdirSync(path.join(scanDir, 'prescriptions'))).toEqual([`${record.number}.png`]);
    expect(readdirSync(scanDir).filter((name) => name.endsWith('.png'))).toEqual([]);

    await openRecord(page, record.id);
    const prescription = await download(page, () => page.locator('[data-action="prescription"]').click());
    expect(prescription.name).toBe(`${record.number} - ${SURNAME} ${FIRST} - PRESCRIPTION.pdf`);
    expect(isPdf(prescription.bytes)).toBe(true);
    await page.context().close();
  });

  it("says when a record's files, asked for on the uploads screen, are loaded (fetchedRecordFiles)", async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/uploads');
    const picker = page.locator('[data-testid="upload-record"]');
    await picker.fill(record.number);
    await page.getByRole('option', { name: new RegExp(record.number) }).click();
    await page.waitForURL(new RegExp(`/fr/uploads/${record.id}$`));
    await waitForToast(page, 'Fichiers du dossier chargés');
    await waitForToast(page, '2 fichiers');
    await page.context().close();
  });

  it('receives the record, saves its notes and shows the change in the trace with the name', async () => {
    const page = await newPage(browser);
    await openRecord(page, record.id, 'secretariat@demo.lab');
    await page.locator('[data-action="receive"]').click();
    await waitForToast(page, 'Dossier réceptionné avec succès');
    await page.locator('[data-field="record_internal_notes"]').fill(`Rappeler la patiente ${stamp}`);
    await page.locator('[data-action="save-notes"]').click();
    await waitForToast(page, 'Notes enregistrées');
    await page.locator('[data-action="trace"]').click();
    // Newest first, as sentences: the notes change comes before the record's creation.
    const entries = page.getByRole('dialog').locator('[data-testid="trace-entry"]');
    await entries
      .first()
      .getByText(`David Petit (secrétariat) a renseigné Notes internes : « Rappeler la patiente ${stamp} »`)
      .waitFor();
    await entries
      .filter({ hasText: `a créé le dossier ${record.number}` })
      .first()
      .waitFor();
    await screenshot(page, 'record-trace-fr-light');
    await page.context().close();
  });

  it('refuses to delete the prescription once the record is processed', async () => {
    // The laboratory starts the analyses: received, then a first sample prepared, the record
    // follows its samples to 'processing' (status 2).
    await send(baseUrl, 'PUT', '/api/receive-record', { record_id: record.id }, admin);
    const [current] = (await (
      await fetch(`${baseUrl}/api/get-record?record_id=${record.id}`, { headers: admin })
    ).json()) as Array<{ samples: Array<{ sample_id: string }> }>;
    await send(
      baseUrl,
      'PUT',
      '/api/update-sample-status',
      { sample_id: current?.samples[0]?.sample_id, sample_status: 1 },
      admin,
    );
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', `/fr/uploads/${record.id}`);
    const row = page.locator('[data-testid="uploads"] tbody tr', { hasText: `ordonnance-${stamp}.png` });
    await row.getByRole('button', { name: 'Supprimer le fichier' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer le fichier' }).click();
    await waitForToast(page, 'Impossible de supprimer ce type de fichier');
    await row.waitFor();
    await page.context().close();
  });

  it('cancels and replaces the record with an explanation, then shows the new number', async () => {
    const page = await newPage(browser);
    await openRecord(page, record.id, 'secretariat@demo.lab');
    await page.locator('[data-action="cancel-record"]').click();
    const confirm = page.locator('[data-action="confirm-cancel"]');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await page.locator('[data-field="record_annulment_explanation"]').fill('Erreur d’identité du tube');
    await confirm.click();
    await waitForToast(page, 'Dossier annulé');
    await page.waitForURL((url) => !url.pathname.endsWith(record.id));
    replacement = { id: new URL(page.url()).pathname.split('/').pop() ?? '', number: '' };
    const [row] = (await (
      await fetch(`${baseUrl}/api/get-record?record_id=${replacement.id}`, { headers: admin })
    ).json()) as Array<{ record_number: string }>;
    replacement.number = row?.record_number ?? '';
    expect(replacement.number).not.toBe(record.number);
    await page.locator('main h1', { hasText: `Dossier ${replacement.number}` }).waitFor();
    await screenshot(page, 'record-replaced-fr-light');
    await openRecord(page, record.id);
    await page.getByText('Erreur d’identité du tube').waitFor();
    expect(await page.locator('[data-action="cancel-record"]').count()).toBe(0);
    await page.context().close();
  });
});

/** Fills the five traits of the identity step and asks the INSi simulator (docs/insi.md). */
async function lookUp(
  page: Page,
  who: { surname: string; first: string; gender: 'Féminin' | 'Masculin'; dob: string; place?: string },
) {
  // Choosing the option already chosen would clear the select (Mantine deselects it).
  if ((await page.locator('[data-field="patient_gender"]').inputValue()) !== who.gender)
    await choose(page, 'patient_gender', who.gender);
  await page.locator('[data-field="patient_surname"]').fill(who.surname);
  await page.locator('[data-field="patient_birth_name"]').fill(who.surname);
  await page.locator('[data-field="patient_name"]').fill(who.first);
  await page.locator('[data-field="patient_dob"]').fill(who.dob);
  await page.locator('[data-field="patient_birthplace"]').fill(who.place ?? '');
  await page.locator('[data-action="ins-lookup"]').click();
}

describe('the add-record wizard', () => {
  it('looks up the INS: found, found as a NIA, several identities, none', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/form/records');
    await page.locator('[data-action="new-record"]').click();
    await page.locator('[data-action="skip"]').click();
    await page.locator('[data-step="identity"]').waitFor();
    const ins = page.locator('[data-field="patient_ins"]');

    await lookUp(page, {
      surname: 'Pat-Trois',
      first: 'Dominique',
      gender: 'Féminin',
      dob: '1979-03-21',
      place: '51215',
    });
    await waitForToast(page, 'INS récupéré');
    await expect.poll(() => ins.inputValue()).toBe('279035121518989');

    await lookUp(page, { surname: 'GARCIA', first: 'Lucia', gender: 'Féminin', dob: '1990-01-01' });
    await waitForToast(page, 'L’INS est de type NIA');
    await expect.poll(() => ins.inputValue()).toBe('290019913400164');

    await lookUp(page, { surname: 'Doublon', first: 'Alex', gender: 'Masculin', dob: '2000-02-02' });
    await waitForToast(page, 'Plusieurs identités trouvées');

    await lookUp(page, {
      surname: `INCONNU${stamp}`,
      first: 'Personne',
      gender: 'Masculin',
      dob: '1950-01-01',
    });
    await waitForToast(page, 'Aucune identité trouvée');
    await page.context().close();
  });

  it('links an analysis of an earlier record, adds a collector and a prescriber inline, picks quickly', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/form/records');
    await page.locator('[data-action="new-record"]').click();
    await page.locator('[data-testid="patient-search"]').fill(SURNAME);
    await page.locator('[data-action="choose-patient"]').first().click();
    const earlier = page.locator('[data-testid="related-record"]', { hasText: record.number });
    await earlier.locator('[data-action="show-samples"]').click();
    const nfs = earlier.locator('[data-action="link-analysis"]', { hasText: NAMES[0] });
    await nfs.click();
    await waitForToast(page, `« ${NAMES[0]} » ajoutée aux analyses du dossier`);
    await expect.poll(() => nfs.getAttribute('data-linked')).toBe('true');
    await nfs.click();
    await waitForToast(page, `« ${NAMES[0]} » est déjà demandée dans ce dossier`);
    // On the other earlier record, the analysis hidden since is named but cannot be linked.
    const other = page.locator('[data-testid="related-record"]', { hasText: internalRecord });
    await other.locator('[data-action="show-samples"]').click();
    await other.locator('[data-action="link-analysis"]', { hasText: NAMES[2] }).waitFor();
    await expect(
      other.locator('[data-action="link-analysis"]', { hasText: NAMES[3] }).isDisabled(),
    ).resolves.toBe(true);
    await screenshot(page, 'record-wizard-linked-fr-light');

    for (const step of ['identity', 'physiology', 'insurance', 'contact', 'patientExtra', 'collection']) {
      await next(page, step);
    }
    await page.locator('[data-action="add-collectors"]').click();
    await page.locator('[data-field="collector_surname"]').fill(`PRELEVEUR${stamp}`);
    await page.locator('[data-field="collector_name"]').fill('Nadia');
    await page.locator('[data-action="save"]').click();
    await page.locator('[data-testid="entity-form"]').waitFor({ state: 'detached' });
    await choose(page, 'record_collector', new RegExp(`PRELEVEUR${stamp}`));
    await page.locator('[data-action="add-prescribers"]').click();
    await page.locator('[data-field="prescriber_surname"]').fill(`PRESCRIPTEUR${stamp}`);
    await page.locator('[data-field="prescriber_name"]').fill('Paul');
    await page.locator('[data-action="save"]').click();
    await page.locator('[data-testid="entity-form"]').waitFor({ state: 'detached' });
    await choose(page, 'record_prescriber', new RegExp(`PRESCRIPTEUR${stamp}`));

    for (const step of ['clinical', 'report', 'recordExtra', 'analyses']) await next(page, step);
    await page.getByText('Combinaison 1 (1)').waitFor();
    await page.getByRole('textbox', { name: 'Autre choix' }).fill(`glycemie ${stamp}`);
    await page.locator('[data-quick="anotherChoice"]').click();
    await page.getByText('Combinaison 1 (2)').waitFor();
    await next(page, 'special');
    await next(page, 'summary');
    await page.locator('[data-action="submit"]').click();
    await page.locator('[data-testid="record-created"]').waitFor();
    const number = (await page.locator('[data-testid="record-number"]').textContent()) ?? '';
    const found = (await (
      await fetch(`${baseUrl}/api/get-records?search=${encodeURIComponent(number)}`, { headers: admin })
    ).json()) as { data: Array<{ record_selected_analyses: Array<{ analysis_ids: string[] }> }> };
    const ordered = found.data[0]?.record_selected_analyses.flatMap((entry) => entry.analysis_ids) ?? [];
    expect(ordered.sort()).toEqual([analysisId(NAMES[0]), analysisId(NAMES[1])].sort());
    await page.context().close();
  });

  it('edits an existing record: only what changed is sent, with the stamps read', async () => {
    const page = await newPage(browser);
    await signIn(
      page,
      baseUrl,
      'secretariat@demo.lab',
      `/fr/form/records/${record.patientId}/${replacement.id}`,
    );
    await page.getByRole('button', { name: 'Renseignements cliniques et posologie' }).click();
    await page.locator('[data-field="record_clinical_information"]').fill('Contrôle à trois mois');
    await page.getByRole('button', { name: 'Points d’attention particuliers' }).click();
    await next(page, 'summary');
    const [sent] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/update-patient')),
      page.locator('[data-action="submit"]').click(),
    ]);
    const body: unknown = sent.postDataJSON();
    expect(Object.keys(Object(body)).sort()).toEqual([
      'record_clinical_information',
      'record_id',
      'record_last_updated',
    ]);
    await waitForToast(page, 'Dossier modifié');
    await page.waitForURL(new RegExp(`/fr/preview-record/${replacement.id}$`));
    await page.context().close();
  });
});

describe('the patient screen', () => {
  it('verifies a recorded INS with the national service and shows the identity status that follows', async () => {
    const patientId = idOf(
      await send(
        baseUrl,
        'POST',
        '/api/add-patient',
        {
          patient_surname: 'Pat-Trois',
          patient_name: 'Dominique',
          patient_gender: 'F',
          patient_dob: '1979-03-21',
          patient_birthplace: '51215',
          patient_ins: '279035121518989',
          patient_ins_oid: '1.2.250.1.213.1.4.10',
          patient_identity_status: 'validated',
          record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId(NAMES[0])] }],
        },
        admin,
      ),
      'patient_id',
    );
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', `/fr/patient/${patientId}`);
    const card = page.locator('[data-testid="identity-card"]');
    await expect.poll(() => card.innerText()).toContain('Validée');
    await page.locator('[data-action="check-ins"]').click();
    await waitForToast(page, 'INS vérifié auprès du téléservice');
    // Validated and confirmed: the identity is now qualified, and a qualified identity shows its INS.
    await expect.poll(() => card.innerText()).toContain('Qualifiée');
    expect(await card.innerText()).toContain('279035121518989');
    await page.context().close();
  });
});

describe('data management', () => {
  it('deletes records registered by mistake after confirming, and keeps a cancelled one', async () => {
    const surname = `ERREUR${stamp}`;
    for (let i = 0; i < 2; i++)
      await send(
        baseUrl,
        'POST',
        '/api/add-patient',
        {
          patient_surname: surname,
          patient_name: 'Saisie',
          patient_gender: 'M',
          patient_dob: '1970-01-01',
          record_selected_analyses: [{ combination: 1, analysis_ids: [analysisId(NAMES[0])] }],
        },
        admin,
      );
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'admin@demo.lab', '/fr/data-management');
    const card = page.locator('[data-testid="delete-records"]');
    await card.locator('[data-testid="delete-records-search"]').fill(surname);
    await expect.poll(() => card.getByRole('checkbox').count()).toBe(2);
    for (const box of await card.getByRole('checkbox').all()) await box.check();
    await card.locator('[data-action="delete-records"]').click();
    await page.locator('[data-action="confirm-delete-records"]').click();
    await waitForToast(page, '2 dossiers supprimés');
    await expect.poll(() => card.getByRole('checkbox').count()).toBe(0);

    // The record cancelled and replaced earlier stays, and the screen says why.
    await card.locator('[data-testid="delete-records-search"]').fill(record.number);
    await card.getByRole('checkbox', { name: record.number }).check();
    await card.locator('[data-action="delete-records"]').click();
    await page.locator('[data-action="confirm-delete-records"]').click();
    await waitForToast(page, 'doit être conservé');
    await screenshot(page, 'data-management-delete-fr-light');
    await page.context().close();
  });
});

describe('the records, patients and samples tables', () => {
  it('finds the patient and the samples, opens them, and exports the records', async () => {
    const page = await newPage(browser);
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/fr/table/patients');
    await page.locator('[data-testid="table-search"]').fill(SURNAME);
    await page.locator('tbody tr', { hasText: SURNAME }).first().click();
    await page.waitForURL(new RegExp(`/fr/patient/${record.patientId}$`));
    await page.locator('[data-testid="history-record"]').first().waitFor();

    await page.goto(`${baseUrl}/fr/table/records`);
    await page.locator('[data-testid="table-search"]').fill(SURNAME);
    await page.locator('tbody tr', { hasText: replacement.number }).waitFor();
    await page.getByRole('button', { name: 'Exporter' }).click();
    const csv = await download(page, () => page.locator('[data-export="all-csv"]').click());
    expect(csv.name).toMatch(/^records-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.bytes.toString('utf8')).toContain(record.number);
    await page.context().close();

    // Samples need the samples right, which the front desk does not have.
    const lab = await newPage(browser);
    await signIn(lab, baseUrl, 'admin@demo.lab', '/fr/table/techniques');
    await lab.locator('[data-testid="table-search"]').fill(record.number);
    await lab
      .locator('tbody tr', { hasText: `${record.number}-01` })
      .first()
      .click();
    // A sample opens its results bench, which links to its record.
    await lab
      .getByRole('dialog')
      .getByRole('link', { name: `Dossier ${record.number}` })
      .click();
    await lab.waitForURL(new RegExp(`/fr/preview-record/${record.id}$`));
    await lab.locator('[data-testid="samples"]').waitFor();
    await lab.context().close();
  });
});

describe('screenshots in English dark and on a phone', () => {
  const shots = async (page: Page, suffix: string, locale: string) => {
    await page.goto(`${baseUrl}/${locale}/preview-record/${replacement.id}`);
    await page.locator('[data-testid="record-actions"]').waitFor();
    await screenshot(page, `record-replaced-${suffix}`);
    await page.locator('[data-action="trace"]').click();
    await page.getByRole('dialog').locator('[data-testid="trace-entry"]').first().waitFor();
    await screenshot(page, `record-trace-${suffix}`);
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/${locale}/uploads/${record.id}`);
    await page.locator('[data-testid="uploads"]').waitFor();
    // The record of the address is named by its number, not its id.
    await expect
      .poll(() => page.locator('[data-testid="upload-record"]').inputValue())
      .toContain(record.number);
    await screenshot(page, `uploads-${suffix}`);
  };

  it('en dark and 375 px: the replaced record, its trace, the uploads', async () => {
    const page = await newPage(browser, { locale: 'en-GB' });
    await signIn(page, baseUrl, 'secretariat@demo.lab', '/en/');
    // Dark for this browser only: the user's saved preference stays as other journeys expect.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await shots(page, 'en-dark', 'en');
    await page.context().close();

    const phone = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(phone, baseUrl, 'secretariat@demo.lab');
    await shots(phone, 'fr-mobile', 'fr');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context().close();
  });
});
