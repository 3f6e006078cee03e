import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAgent } from './app.js';
import { call, closedPort, fakeLabelPrinter, tempFolder, testConfig } from './test-support.js';

const labels = {
  name: 'DUPONT-LÉGER Élodie',
  dob: '01021980 F',
  barcode: 'D2024-000123',
  samples: [
    { sample_id: 'S2024-0001231', sample_type: 'Sang total', sample_matrix: 'Tube EDTA' },
    { sample_id: 'S2024-0001232', sample_type: 'Urine', sample_matrix: 'Flacon stérile' },
  ],
  amount: 2,
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function agentWithPrinter() {
  const printer = await fakeLabelPrinter();
  cleanups.push(printer.close);
  const agent = await buildAgent(
    testConfig({ printer: { kind: 'zpl', host: '127.0.0.1', port: printer.port } }),
  );
  cleanups.push(() => agent.close());
  return { agent, printer };
}

async function agentWithOutputFolder() {
  const folder = await tempFolder();
  cleanups.push(folder.remove);
  const agent = await buildAgent(testConfig({ printer: { kind: 'pdf', directory: folder.path } }));
  cleanups.push(() => agent.close());
  return { agent, folder: folder.path };
}

describe('POST /print-barcode', () => {
  it('sends one ZPL label per sample to the label printer', async () => {
    const { agent, printer } = await agentWithPrinter();
    const response = await call(agent, { method: 'POST', url: '/print-barcode', payload: labels });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ printed: 2, printer: printer.url });
    const [job] = printer.jobs();
    expect(printer.jobs()).toHaveLength(1);
    expect(job?.match(/\^XA/g)).toHaveLength(2);
    expect(job).toContain('^FDS2024-0001231^FS');
    expect(job).toContain('^FDS2024-0001232^FS');
    expect(job).toContain('DUPONT-L_C3_89GER _C3_89lodie');
  });

  it('writes a PDF of the labels into the output folder when no printer is configured', async () => {
    const { agent, folder } = await agentWithOutputFolder();
    const response = await call(agent, { method: 'POST', url: '/print-barcode', payload: labels });
    expect(response.statusCode).toBe(200);
    const { printed, file } = response.json<{ printed: number; file: string }>();
    expect(printed).toBe(2);
    expect(file.startsWith(folder)).toBe(true);
    expect(file).toMatch(/étiquettes D2024-000123\.pdf$/);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await readdir(folder)).toHaveLength(1);
  });

  it('prints DataMatrix labels when the laboratory chose them', async () => {
    const printer = await fakeLabelPrinter();
    cleanups.push(printer.close);
    const agent = await buildAgent(
      testConfig({
        printer: { kind: 'zpl', host: '127.0.0.1', port: printer.port },
        symbology: 'datamatrix',
      }),
    );
    cleanups.push(() => agent.close());
    await call(agent, { method: 'POST', url: '/print-barcode', payload: labels });
    expect(printer.jobs()[0]).toContain('^BXN');
  });

  it('reports every invalid field of the request', async () => {
    const { agent, printer } = await agentWithPrinter();
    const response = await call(agent, {
      method: 'POST',
      url: '/print-barcode',
      payload: {
        ...labels,
        dob: '1980-02-01',
        amount: 3,
        samples: [{ ...labels.samples[0], sample_id: '' }],
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; details: { issues: Array<{ path: string }> } }>();
    expect(body.code).toBe('invalidLabelRequest');
    expect(body.details.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['dob', 'samples.0.sample_id']),
    );
    expect(printer.jobs()).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const { agent } = await agentWithPrinter();
    const response = await call(agent, {
      method: 'POST',
      url: '/print-barcode',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalidLabelRequest');
  });

  it('answers printerUnreachable when the printer does not answer', async () => {
    const port = await closedPort();
    const agent = await buildAgent(testConfig({ printer: { kind: 'zpl', host: '127.0.0.1', port } }));
    cleanups.push(() => agent.close());
    const response = await call(agent, { method: 'POST', url: '/print-barcode', payload: labels });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'printerUnreachable',
      details: { printer: `zpl://127.0.0.1:${port}`, reason: 'ECONNREFUSED' },
    });
  });

  it('answers outputFolderUnavailable when the PDF cannot be written', async () => {
    const folder = await tempFolder();
    cleanups.push(folder.remove);
    // A file where the output folder should be.
    const blocked = join(folder.path, 'labels');
    await writeFile(blocked, 'not a folder');
    const agent = await buildAgent(testConfig({ printer: { kind: 'pdf', directory: blocked } }));
    cleanups.push(() => agent.close());
    const response = await call(agent, { method: 'POST', url: '/print-barcode', payload: labels });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('outputFolderUnavailable');
  });
});

describe('POST /print-barcode-external', () => {
  it('prints the external label with the record barcode', async () => {
    const { agent, printer } = await agentWithPrinter();
    const response = await call(agent, {
      method: 'POST',
      url: '/print-barcode-external',
      payload: { name: 'MARTIN Noé', dob: '31121999 M', barcode: 'D2024-000123' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ printed: 1, printer: printer.url });
    expect(printer.jobs()[0]).toMatch(/\^BCN,\d+,N,N,N,A\^FH\^FDD2024-000123\^FS/);
  });

  it('refuses a label without a barcode', async () => {
    const { agent } = await agentWithPrinter();
    const response = await call(agent, {
      method: 'POST',
      url: '/print-barcode-external',
      payload: { name: 'MARTIN Noé', dob: '31121999 M' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.issues).toEqual([expect.objectContaining({ path: 'barcode' })]);
  });
});

describe('GET /print-password', () => {
  it('prints the record id and the password for online results', async () => {
    const { agent, printer } = await agentWithPrinter();
    const response = await call(agent, {
      method: 'GET',
      url: '/print-password?id=D2024-000123&password=Xk7%23pQ2m',
    });
    expect(response.statusCode).toBe(200);
    expect(printer.jobs()[0]).toContain('^FDXk7#pQ2m^FS');
    expect(printer.jobs()[0]).toContain('^FDD2024-000123^FS');
  });

  it('names the query parameters in its errors', async () => {
    const { agent } = await agentWithPrinter();
    const response = await call(agent, { method: 'GET', url: '/print-password?password=abc' });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(['id', 'password']);
  });
});
