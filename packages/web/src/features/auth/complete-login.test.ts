import { describe, expect, it } from 'vitest';
import { isOwnPath } from './complete-login';

describe('isOwnPath', () => {
  it('accepts only addresses of this application as nextUrl', () => {
    expect(isOwnPath('/fr/table/records?page=2')).toBe(true);
    expect(isOwnPath('//elsewhere.example/fr/dashboard')).toBe(false);
    expect(isOwnPath('/\\elsewhere.example')).toBe(false);
    expect(isOwnPath('https://elsewhere.example/')).toBe(false);
    expect(isOwnPath(null)).toBe(false);
  });
});
