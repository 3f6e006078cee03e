import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { insiFromConfig } from './insi-config.js';

describe('choosing the INSi client', () => {
  it('uses the documented simulator unless the teleservice is asked for', async () => {
    const client = insiFromConfig(loadConfig({}));
    const answer = await client.lookup({
      last_name: 'PAT-TROIS',
      first_name: 'Dominique',
      sex: 'F',
      birthday: '1979-03-21',
    });
    expect(answer.i_insIdentityResult).toBe(2);
  });

  it('names every missing teleservice setting at start', () => {
    expect(() => insiFromConfig(loadConfig({ INSI_MODE: 'teleservice' }))).toThrow(
      'INSI_MODE=teleservice needs: INSI_URL, INSI_SOFTWARE_AUTHORISATION, INSI_SOFTWARE_INSTANCE, INSI_FINESS, INSI_CERT_PEM_PATH + INSI_KEY_PEM_PATH (or INSI_PFX_PATH)',
    );
  });

  it('refuses a PKCS#12 file when the assertion must be signed, and accepts it for TLS only', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sil-insi-'));
    const pfx = path.join(dir, 'lab.p12');
    writeFileSync(pfx, Buffer.from([0x30, 0x82]));
    const base = {
      INSI_MODE: 'teleservice',
      INSI_URL: 'https://insi.example/lps',
      INSI_SOFTWARE_AUTHORISATION: '12345',
      INSI_SOFTWARE_INSTANCE: 'lab-1',
      INSI_FINESS: '750000001',
      INSI_PFX_PATH: pfx,
    };
    expect(() => insiFromConfig(loadConfig(base))).toThrow(
      'INSI_ASSERTION=true signs with the key in PEM form',
    );
    expect(insiFromConfig(loadConfig({ ...base, INSI_ASSERTION: 'false' }))).toHaveProperty('lookup');
  });
});
