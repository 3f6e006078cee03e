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
    // Digests computed with sha256sum.
    expect(await sha256Hex('Demo-2026!')).toBe(
      '9da0f8e7fab4e827e1421621a91073b236291c6ddbf7b9f885398ce792e0dc5c',
    );
    expect(await sha256Hex('mot de passe é€')).toBe(
      'f26ac77c5b0b87d650002823c33069e9dbd84cbe2b48f4a059292ea3307df654',
    );
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
