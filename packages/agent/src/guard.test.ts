import { afterEach, describe, expect, it } from 'vitest';
import { buildAgent, redactPassword } from './app.js';
import { call, fakeLabelPrinter, PORT, testConfig, WEB_APP } from './test-support.js';

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

const printPassword = '/print-password?id=D1&password=secret12';

describe('who may call the agent', () => {
  it('lets the web app read its answers (CORS for its origin only)', async () => {
    const { agent } = await agentWithPrinter();
    const response = await call(agent, { method: 'GET', url: printPassword });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(WEB_APP);
  });

  it('answers the preflight of the web app, Private Network Access included', async () => {
    const { agent } = await agentWithPrinter();
    const response = await call(agent, {
      method: 'OPTIONS',
      url: '/print-barcode',
      headers: {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
        'access-control-request-private-network': 'true',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(WEB_APP);
    expect(response.headers['access-control-allow-private-network']).toBe('true');
  });

  it('prints nothing for a page of another site, even one that cannot read the answer', async () => {
    const { agent, printer } = await agentWithPrinter();
    const fromElsewhere = await call(agent, {
      method: 'GET',
      url: printPassword,
      headers: { origin: 'https://evil.example' },
    });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json()).toEqual({
      code: 'originNotAllowed',
      details: { origin: 'https://evil.example' },
    });
    expect(fromElsewhere.headers['access-control-allow-origin']).toBeUndefined();

    // An <img src> from another site sends no Origin, but the browser says it is cross-site.
    const image = await call(agent, {
      method: 'GET',
      url: printPassword,
      headers: { origin: undefined, 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
    });
    expect(image.statusCode).toBe(403);
    expect(printer.jobs()).toEqual([]);
  });

  it('refuses a request addressed to another host name (DNS rebinding)', async () => {
    const { agent } = await agentWithPrinter();
    const response = await call(agent, {
      method: 'GET',
      url: printPassword,
      headers: { host: `rebound.example:${PORT}` },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets programs of the workstation call it without browser headers', async () => {
    const { agent } = await agentWithPrinter();
    const response = await call(agent, {
      method: 'GET',
      url: printPassword,
      headers: { origin: undefined, host: `localhost:${PORT}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers unknown paths with a code like every other error', async () => {
    const { agent } = await agentWithPrinter();
    const response = await call(agent, { method: 'GET', url: '/print-everything?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'notFound',
      details: { method: 'GET', url: '/print-everything' },
    });
  });
});

describe('redactPassword', () => {
  it('keeps the online-results password out of the request log', () => {
    expect(redactPassword('/print-password?id=D1&password=Xk7%23pQ2m')).toBe(
      '/print-password?id=D1&password=***',
    );
    expect(redactPassword('/print-password?password=abc&id=D1')).toBe('/print-password?password=***&id=D1');
  });
});
