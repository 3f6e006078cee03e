import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newAuthMachineId, sha256Hex } from './session';

describe('newAuthMachineId', () => {
  it('is the time in milliseconds followed by 6 base-32 characters, new each time', () => {
    const id = newAuthMachineId(1_767_225_600_000);
    expect(id).toMatch(/^1767225600000[0-9a-v]{6}$/);
    expect(newAuthMachineId()).not.toBe(newAuthMachineId());
  });
});

describe('sha256Hex', () => {
  it('hashes like the server expects: lower-case hexadecimal SHA-256 of the UTF-8 text', async () => {
    for (const text of ['Demo-2026!', 'mot de passe é€', '']) {
      expect(await sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});
