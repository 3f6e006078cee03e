import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-token.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-bytes!';
const CLAIMS = { uid: 'user-1', sessionId: '00000000-0000-4000-8000-000000000001', authMachineId: 'machine' };

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims when a token is checked again', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const tokens = new AccessTokens(SECRET, 60);
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).toEqual(CLAIMS);
    vi.setSystemTime(new Date('2026-11-23T10:01:00Z'));
    expect(await codeOf(tokens.verify(token))).toBe('accessTokenExpired');
  });

  it('refuses a token signed with another key or altered, checked or not before', async () => {
    const tokens = new AccessTokens(SECRET, 60);
    const other = await new AccessTokens(`${SECRET}-other`, 60).sign(CLAIMS);
    expect(await codeOf(tokens.verify(other))).toBe('invalidAccessToken');
    const token = await tokens.sign(CLAIMS);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect(await codeOf(tokens.verify(altered))).toBe('invalidAccessToken');
  });
});
