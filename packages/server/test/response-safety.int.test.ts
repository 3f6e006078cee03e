import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

/** Answers no cache keeps, and exports no spreadsheet runs (finding 8). */
describe.each(DATABASES)('answers and exports on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
  });
  afterAll(() => stopTestApp(ctx));

  it('marks every API, auth and reports answer no-store, errors included', async () => {
    const answers = await Promise.all([
      call(ctx.app, admin, 'getPatients'),
      call(ctx.app, admin, { method: 'GET', url: '/api/get-user' }),
      call(ctx.app, null, 'getPatients'),
      call(ctx.app, admin, 'exportMatrices', { query: { format: 'xlsx' } }),
      call(ctx.app, admin, 'getExternalRequestForm'),
      ctx.app.inject({
        method: 'POST',
        url: '/auth/refresh-tokens',
        payload: { refresh_token: admin.refresh_token, auth_machine_id: admin.machineId },
      }),
      call(ctx.app, admin, { method: 'GET', url: '/api/no-such-call' }),
    ]);
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });

  it('exports a name typed as a formula as text', async () => {
    const added = await call(ctx.app, admin, 'addMatrix', {
      body: { matrix_name: '=HYPERLINK("http://evil.example","Sang")' },
    });
    expect(added.statusCode).toBe(200);
    const csv = await call(ctx.app, admin, 'exportMatrices', { query: { format: 'csv' } });
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Sang"")"`);
    expect(csv.body).not.toMatch(/(^|;)"?=HYPERLINK/m);
  });
});
