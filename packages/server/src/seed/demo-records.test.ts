import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs } from './demo-records.js';

/**
 * A server whose access tokens are refused as expired until the `firstValid`-th login, as on a slow
 * machine where the token refresh journey's server makes them live 2 seconds.
 */
function serverWithExpiringTokens(firstValid: number) {
  const app = Fastify();
  let logins = 0;
  const used: string[] = [];
  app.post('/auth/login', async () => {
    logins += 1;
    return { access_token: `token-${logins}`, uid: 'demo-uid' };
  });
  app.get('/api/something', async (request, reply) => {
    const token = request.headers.authorization ?? '';
    used.push(token);
    if (Number(token.replace('Bearer token-', '')) < firstValid)
      return reply.code(401).send({ code: 'accessTokenExpired', details: {} });
    return { ok: true };
  });
  return { app, used, logins: () => logins };
}

let server: ReturnType<typeof serverWithExpiringTokens> | undefined;
afterEach(async () => server?.app.close());

describe('the demo seed calls', () => {
  it('log in again when the access token expired, and go on with the new one', async () => {
    server = serverWithExpiringTokens(2);
    const api = await apiAs(server.app, 'biologiste@demo.lab', 'password');
    await expect(api('GET', '/api/something')).resolves.toEqual({ ok: true });
    await expect(api('GET', '/api/something')).resolves.toEqual({ ok: true });
    expect(server.used).toEqual(['Bearer token-1', 'Bearer token-2', 'Bearer token-2']);
    expect(server.logins()).toBe(2);
  });

  it('retry once only: a token refused again fails the seed with its code', async () => {
    server = serverWithExpiringTokens(Number.POSITIVE_INFINITY);
    const api = await apiAs(server.app, 'biologiste@demo.lab', 'password');
    await expect(api('GET', '/api/something')).rejects.toThrow(/accessTokenExpired/);
    expect(server.logins()).toBe(2);
  });
});
