import { AstmInstrument } from '@sil/agent/analysers-testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToAgent, freePort, type RelayingAgent, startRelayingAgent } from './analysers-agent.js';
import { analyserLooks } from './analysers-looks.js';
import { apiLogin, send } from './api.js';
import { launchBrowser, newPage, screenshot } from './browser.js';
import { idOf, waitForToast } from './records-setup.js';
import { type RunningServer, startServer } from './server.js';
import { signIn } from './sign-in.js';

/**
 * Analysers through the laboratory's agent (issue 41), as its users live it: the administrator
 * declares an agent and reads its one-time code; the real agent, started with that code, enrols and
 * connects; the administrator declares an ASTM analyser on TCP and its codes on the screens; the
 * project's simulator sends a run of three results, one code unmapped; the technician reads two on
 * the sample and maps the third from the reconciliation queue, learnt for next time; the biologist
 * validates the record. A laboratory of its own: the agents and analysers concern no other journey.
 */
let server: RunningServer;
let browser: Browser;
let agent: RelayingAgent | undefined;
const stamp = Date.now().toString(36).toUpperCase();
const AGENT_NAME = `PC paillasse ${stamp}`;
const ANALYSER = `Chimie ${stamp}`;
const names = { glucose: `Glucose ${stamp}`, creatinine: `Créatinine ${stamp}`, urea: `Urée ${stamp}` };
const sample = { id: '', number: '', record: '' };
let analyserPort = 0;
let agentPort = 0;
let machineId = '';

beforeAll(async () => {
  [server, browser, analyserPort, agentPort] = await Promise.all([
    startServer({}),
    launchBrowser(),
    freePort(),
    freePort(),
  ]);
  const admin = await apiLogin(server.url, 'admin@demo.lab');
  const add = async (path: string, body: Record<string, unknown>, field: string) =>
    idOf(await send(server.url, 'POST', path, body, admin), field);
  const blood = await add('/api/add-matrix', { matrix_name: `Sang ${stamp}` }, 'matrix_id');
  const serum = await add('/api/add-sampletype', { sample_type_name: `Tube sec ${stamp}` }, 'sample_type_id');
  const parameter = (name: string, unit: string, decimals: number) =>
    add(
      '/api/add-parameter',
      { parameter_name: name, parameter_unit: unit, parameter_decimals: decimals },
      'parameter_id',
    );
  const panel = await add(
    '/api/add-analysis',
    {
      analysis_name: `Bilan rénal ${stamp}`,
      analysis_matrix: blood,
      analysis_sample_type: serum,
      analysis_visible: true,
      analysis_parameters: [
        await parameter(names.glucose, 'g/L', 2),
        await parameter(names.creatinine, 'µmol/L', 1),
        await parameter(names.urea, 'g/L', 2),
      ],
    },
    'analysis_id',
  );
  const registered = (await send(
    server.url,
    'POST',
    '/api/add-patient',
    {
      patient_surname: `AUTOMATE${stamp}`,
      patient_name: 'Claire',
      patient_gender: 'F',
      patient_dob: '1971-06-03',
      record_selected_analyses: [{ combination: 1, analysis_ids: [panel] }],
    },
    admin,
  )) as { record_id: string; samples: Array<{ sample_id: string; sample_number: string }> };
  sample.record = registered.record_id;
  sample.id = registered.samples[0]?.sample_id ?? '';
  sample.number = registered.samples[0]?.sample_number ?? '';
  await send(server.url, 'PUT', '/api/receive-record', { record_id: sample.record }, admin);
}, 120_000);

afterAll(async () => {
  await agent?.stop();
  await browser?.close();
  await server?.stop();
});

/** Picks a choice of a Mantine Select by typing part of its label. */
async function pick(page: Page, input: Locator, label: string): Promise<void> {
  await input.click();
  await input.fill(label);
  await page.getByRole('option', { name: label }).first().click();
}

/**
 * Reloads the screen until `wanted` shows: what the agent relays arrives when it arrives. Each
 * reload waits for `loaded` (the screen's data drawn) before looking again.
 */
async function reloadUntilShown(page: Page, wanted: Locator, loaded: Locator, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  await loaded.first().waitFor();
  while (!(await wanted.first().isVisible())) {
    if (Date.now() > deadline) throw new Error(`Not shown within ${timeoutMs} ms on ${page.url()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await page.reload();
    await loaded.first().waitFor();
  }
}

const dialog = (page: Page) => page.getByRole('dialog');
const resultInput = (page: Page, name: string) => dialog(page).locator(`input[data-result="${name}"]`);

describe('analysers through the agent', () => {
  it('enrols the agent with the code the administrator is shown once', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab', '/fr/agents');
    await page.getByRole('button', { name: 'Déclarer un agent' }).click();
    await dialog(page).getByLabel("Nom de l'agent").fill(AGENT_NAME);
    await dialog(page).getByRole('button', { name: 'Déclarer et obtenir son code' }).click();
    const code = (await page.locator('[data-enrolment-code]').innerText()).trim();
    expect(code.length).toBeGreaterThan(8);
    expect(await dialog(page).innerText()).toContain('Affiché cette seule fois');
    // How to use it names the settings the agent reads, and this server's address.
    expect(await dialog(page).innerText()).toContain(`${server.url} (AGENT_SERVER_URL)`);
    await screenshot(page, 'analysers-enrolment-code-fr-light-1280');
    await dialog(page).getByRole('button', { name: 'Terminé' }).click();
    const card = page.locator(`[data-agent="${AGENT_NAME}"]`);
    // The badge's words are drawn in capitals: its text is read as written.
    expect(await card.textContent()).toContain("En attente d'enrôlement");

    agent = startRelayingAgent(server.url, code, agentPort);
    // Enrolled, then seen: its first call for its analysers.
    await reloadUntilShown(page, card.filter({ hasText: /Vu le \d{2}\/\d{2}\/\d{4}/ }), card);
    expect(await card.textContent()).toContain('Enrôlé');
    await page.context().close();
  });

  it('declares an ASTM analyser on TCP served by the agent, and its test codes', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'admin@demo.lab', '/fr/table/machines');
    await page.locator('[data-action="add"]').click();
    const field = (name: string) => page.locator(`[data-field="${name}"]`).first();
    await field('machine_name').fill(ANALYSER);
    await field('machine_code').fill(`CHIM-${stamp}`);
    await field('machine_protocol').click();
    await page.getByRole('option', { name: 'ASTM (LIS1-A / LIS2-A2)' }).click();
    await field('machine_transport').click();
    await page.getByRole('option', { name: "TCP, l'automate se connecte à l'agent" }).click();
    await pick(page, field('machine_agent'), AGENT_NAME);
    await field('machine_host').fill('127.0.0.1');
    await field('machine_port').fill(String(analyserPort));
    await page.locator('[data-action="save"]').click();
    await page.locator('[data-testid="entity-form"]').waitFor({ state: 'detached' });

    await page.goto(`${server.url}/fr/analysers`);
    await page.locator(`[data-analyser="${ANALYSER}"]`).click();
    await page.getByRole('tab', { name: 'Correspondance des codes' }).click();
    machineId = new URL(page.url()).pathname.split('/')[3] ?? '';
    await page.getByText('Aucun code test associé.').waitFor();
    const codes: Array<[string, string, string]> = [
      ['GLU', names.glucose, ''],
      ['CREA', names.creatinine, '8,84'],
    ];
    for (const [index, [code, parameter, factor]] of codes.entries()) {
      await page.getByRole('button', { name: 'Ajouter un code test' }).click();
      const line = page.locator(`[data-mapping-line="${index}"]`);
      await line.getByLabel('Code test').fill(code);
      await pick(page, line.getByLabel('Paramètre', { exact: true }), parameter);
      if (factor) await line.getByLabel("Facteur d'unité").fill(factor);
    }
    await page.getByRole('button', { name: 'Enregistrer la correspondance' }).click();
    await waitForToast(page, 'Correspondance enregistrée');
    await screenshot(page, 'analysers-mappings-fr-light-1280');
    await page.context().close();
  });

  it('stores what the analyser sends on the sample and queues the unmapped code', async () => {
    const socket = await connectToAgent(analyserPort);
    const analyser = new AstmInstrument(socket);
    const report = await analyser.send([
      'H|\\^&|||SIMULATEUR^1.0|||||||P|LIS2-A2|20261129080000',
      'P|1||PAT-1',
      `O|1|${sample.number}||^^^GLU\\^^^CREA\\^^^UREA|R||20261129070000||||N||||||||||||||F`,
      'R|1|^^^GLU|1.02|g/L|0.70 to 1.10|N||F||TECH||20261129080000|SIMULATEUR',
      'R|2|^^^CREA|10|mg/L|6 to 12|N||F||TECH||20261129080000|SIMULATEUR',
      'R|3|^^^UREA|0.32|g/L|0.15 to 0.45|N||F||TECH||20261129080000|SIMULATEUR',
      'L|1|N',
    ]);
    expect(report).toMatchObject({ completed: true, naks: 0 });
    socket.destroy();

    const page = await newPage(browser);
    await signIn(page, server.url, 'technicien@demo.lab', `/fr/analysers/${machineId}`);
    const message = page.locator('[data-message="partly"]').first();
    await reloadUntilShown(
      page,
      message,
      page.locator('[data-message]').or(page.getByText('Aucun message.')),
    );
    expect(await message.innerText()).toContain('2 résultats enregistrés · 1 à rapprocher');
    expect(await message.textContent()).toContain('En partie enregistré');
    await message.getByRole('button').first().click();
    expect(await message.locator('[data-raw-text]').innerText()).toContain(`O|1|${sample.number}`);
    await screenshot(page, 'analysers-log-fr-light-1280');

    await page.goto(
      `${server.url}/fr/table/techniques?${new URLSearchParams({ search: sample.number, sample: sample.id })}`,
    );
    await resultInput(page, names.glucose).waitFor();
    expect(await resultInput(page, names.glucose).inputValue()).toBe('1,02');
    // 10 mg/L × 8.84: the creatinine in the parameter's µmol/L.
    expect(await resultInput(page, names.creatinine).inputValue()).toBe('88,4');
    expect(await resultInput(page, names.urea).inputValue()).toBe('');
    expect(await dialog(page).locator(`tr[data-line="${names.glucose}"]`).innerText()).toContain(
      `Saisi par ${ANALYSER}`,
    );
    await page.context().close();
  });

  it('maps the unmapped code from the reconciliation queue, learnt for the next messages', async () => {
    const page = await newPage(browser);
    await signIn(page, server.url, 'technicien@demo.lab', '/fr/reconciliation');
    const item = page.locator('[data-item-reason="unmappedCode"]', { hasText: 'code UREA' });
    expect(await item.innerText()).toContain(`Échantillon ${sample.number} · code UREA · 0,32 g/L`);
    expect(await item.innerText()).toContain(ANALYSER);
    await screenshot(page, 'analysers-reconciliation-fr-light-1280');
    await item.getByRole('button', { name: 'Traiter' }).click();
    await pick(page, dialog(page).getByLabel('Paramètre', { exact: true }), names.urea);
    expect(await dialog(page).getByLabel('Retenir : associer UREA').isChecked()).toBe(true);
    await dialog(page).getByRole('button', { name: 'Associer et enregistrer' }).click();
    await waitForToast(page, 'Résultat associé et enregistré');
    await page.getByText('Rien à rapprocher.').waitFor();

    await page.goto(
      `${server.url}/fr/table/techniques?${new URLSearchParams({ search: sample.number, sample: sample.id })}`,
    );
    await resultInput(page, names.urea).waitFor();
    await expect.poll(() => resultInput(page, names.urea).inputValue()).toBe('0,32');
    await page.context().close();

    const admin = await newPage(browser);
    await signIn(admin, server.url, 'admin@demo.lab', `/fr/analysers/${machineId}/mappings`);
    const learnt = admin.locator('[data-mapping-line="2"]');
    await learnt.waitFor();
    expect(await learnt.getByLabel('Code test').inputValue()).toBe('UREA');
    // The parameters' names arrive after the mapping's lines.
    await expect
      .poll(() => learnt.getByLabel('Paramètre', { exact: true }).inputValue())
      .toContain(names.urea);
    await admin.context().close();
  });

  it('lets the biologist validate the record the analyser filled', async () => {
    // The bench's last gesture, not this journey's subject: the sample goes up for validation.
    const technician = await apiLogin(server.url, 'technicien@demo.lab');
    await send(
      server.url,
      'PUT',
      '/api/update-sample-status',
      { sample_id: sample.id, sample_status: 3 },
      technician,
    );
    const page = await newPage(browser);
    await signIn(page, server.url, 'biologiste@demo.lab', `/fr/validate-record/${sample.record}`);
    const box = page.locator(`[data-sample="${sample.id}"]`);
    await box.waitFor();
    expect(await box.innerText()).toContain('88,4');
    await box.locator('[data-action="choose-sample"]').check();
    await page.locator('[data-action="validate"]').click();
    await waitForToast(page, 'Validé avec succès');
    await page.context().close();
  });

  it('keeps what comes for a validated sample in review, read with the code learnt', async () => {
    const socket = await connectToAgent(analyserPort);
    const analyser = new AstmInstrument(socket);
    for (const specimen of [sample.number, '000000000'])
      await analyser.send([
        'H|\\^&|||SIMULATEUR^1.0|||||||P|LIS2-A2|20261129090000',
        'P|1||PAT-1',
        `O|1|${specimen}||^^^UREA|R||20261129070000||||N||||||||||||||F`,
        'R|1|^^^UREA|0.35|g/L|0.15 to 0.45|N||F||TECH||20261129090000|SIMULATEUR',
        'L|1|N',
      ]);
    socket.destroy();
    const page = await newPage(browser);
    await signIn(page, server.url, 'technicien@demo.lab', '/fr/reconciliation');
    const conflict = page.locator('[data-item-reason="validatedConflict"]');
    await reloadUntilShown(
      page,
      conflict,
      page.locator('[data-item-reason]').or(page.getByText('Rien à rapprocher.')),
    );
    expect(await conflict.innerText()).toContain(`${sample.number} · ${names.urea}`);
    expect(await conflict.textContent()).toContain('En conflit avec une valeur validée');
    await page.locator('[data-item-reason="unknownSpecimen"]').waitFor();
    await page.context().close();
  });

  it('draws the analysers’ screens readable in French and English, light and dark, desktop and phone', async () => {
    await analyserLooks(browser, server.url, machineId);
  });
});
