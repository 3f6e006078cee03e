import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './client.js';
import { DATABASES, login, type Session, startTestApp, stopTestApp, type TestContext } from './helpers.js';

describe.each(DATABASES)('searching the reference tables on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;

  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    const api = apiClient(ctx.app, admin);
    const added = [
      await api.send('addParameter', {
        body: { parameter_name: 'Hémoglobine glyquée', parameter_code: 'HBA1CX' },
      }),
      await api.send('addNabm', {
        body: { nabm_code: 'Z901', nabm_wording: 'Électrophorèse des protéines' },
      }),
    ];
    for (const response of added) if (response.statusCode !== 200) throw new Error(response.body);
  });
  afterAll(() => stopTestApp(ctx));

  const found = async (url: string, field: string) => {
    const response = await apiClient(ctx.app, admin).send(
      url === 'parameters' ? 'getParameters' : 'getNabms',
      {
        query: { search: field, number_of_records: 100, page_number: 1 },
      },
    );
    return response.json<{ data: Array<Record<string, unknown>> }>().data;
  };

  it('finds a row whatever its accents and case, as the pickers of the forms do', async () => {
    for (const search of ['hemoglobine', 'HÉMOGLOBINE glyquee', 'Hémoglobine']) {
      const rows = await found('parameters', search);
      expect(
        rows.map((row) => row.parameter_code),
        search,
      ).toContain('HBA1CX');
    }
    for (const search of ['electrophorese', 'ELECTROPHORÈSE des', 'z901']) {
      const rows = await found('nabms', search);
      expect(
        rows.map((row) => row.nabm_code),
        search,
      ).toContain('Z901');
    }
    expect(await found('nabms', 'electrophorese absente')).toEqual([]);
  });
});
