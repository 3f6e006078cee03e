import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults for a reception workstation: PDF files until a label printer is set', () => {
    expect(loadConfig({})).toEqual({
      port: 5175,
      allowedOrigin: 'http://localhost:3000',
      scanDir: join(homedir(), 'Scans'),
      printer: { kind: 'pdf', directory: join(homedir(), 'SIL', 'labels') },
      dpmm: 8,
      printerTimeoutMs: 5000,
      symbology: 'code128',
      scanMaxBytes: 20 * 1024 * 1024,
      scanSettleMs: 1000,
      // No server: no analyser relay (issue 41).
      relay: null,
    });
  });

  it('reads the analyser relay: the server, the credential or an enrolment code, the journal', () => {
    const config = loadConfig({
      AGENT_SERVER_URL: 'https://lab.example/',
      AGENT_ENROLMENT_CODE: 'ABCD-EFGH-JKLM-NPQR',
    });
    expect(config.relay).toEqual({
      serverUrl: 'https://lab.example/',
      credential: undefined,
      enrolmentCode: 'ABCD-EFGH-JKLM-NPQR',
      credentialFile: join(homedir(), 'SIL', 'agent-credential'),
      journalDir: join(homedir(), 'SIL', 'journal'),
    });
  });

  it('reads the label printer, its resolution and the web app origin', () => {
    const config = loadConfig({
      AGENT_PRINTER: 'zpl://192.168.1.50',
      AGENT_PRINTER_DPMM: '12',
      AGENT_ALLOWED_ORIGIN: 'https://labo.example.fr/',
      AGENT_PORT: '6000',
    });
    expect(config.printer).toEqual({ kind: 'zpl', host: '192.168.1.50', port: 9100 });
    expect(config.dpmm).toBe(12);
    expect(config.allowedOrigin).toBe('https://labo.example.fr');
    expect(config.port).toBe(6000);
    expect(loadConfig({ AGENT_PRINTER: 'zpl://zebra-accueil:6101' }).printer).toEqual({
      kind: 'zpl',
      host: 'zebra-accueil',
      port: 6101,
    });
  });

  it('stops with a message naming each wrong setting', () => {
    expect(() => loadConfig({ AGENT_PRINTER: 'http://printer', AGENT_PORT: 'x' })).toThrow(
      /AGENT_PORT.*AGENT_PRINTER|AGENT_PRINTER.*AGENT_PORT/,
    );
  });
});
