import { type EntityDefinition, entities, patientList, recordList, sampleList } from '@sil/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from './factories.js';
import {
  call,
  DATABASES,
  login,
  type Session,
  startTestApp,
  stopTestApp,
  type TestContext,
} from './helpers.js';

const LISTS: EntityDefinition[] = [...Object.values(entities), patientList, recordList, sampleList];
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** A value each kind of filter accepts, to prove the filter reaches SQL and answers. */
function sampleValue(kind: EntityDefinition['filters'][string]): string {
  if (kind.kind === 'boolean') return 'true';
  if (kind.kind === 'values') return kind.values[0] ?? '';
  return ANY_ID;
}

describe.each(DATABASES)('every sort option and filter of every list on %s', (kind) => {
  let ctx: TestContext;
  let admin: Session;
  beforeAll(async () => {
    ctx = await startTestApp(kind);
    admin = await login(ctx.app, 'admin@demo.lab');
    await seedCatalogue(ctx.app, admin);
  });
  afterAll(() => stopTestApp(ctx));

  for (const list of LISTS) {
    it(`${list.table}: sorts both ways on each option and filters on each column`, async () => {
      for (const [option, field] of Object.entries(list.sorts)) {
        for (const order of ['ASC', 'DESC'] as const) {
          const response = await call(ctx.app, admin, {
            method: 'GET',
            url: `${list.paths.list}?sort_by=${option}&sort_order=${order}&number_of_records=100`,
          });
          expect(response.statusCode, `${option} ${order}: ${response.body}`).toBe(200);
          const rows = response.json<{ data: Array<Record<string, unknown>> }>().data;
          for (const row of rows) expect(row, list.table).not.toHaveProperty('laboratory_id');
          const values = rows.map((row) => row[field]);
          const comparable = values.filter(
            (v): v is string | number => typeof v === 'string' || typeof v === 'number',
          );
          const sorted = [...comparable].sort((a, b) =>
            typeof a === 'number' && typeof b === 'number'
              ? a - b
              : String(a).toLowerCase() < String(b).toLowerCase()
                ? -1
                : String(a).toLowerCase() > String(b).toLowerCase()
                  ? 1
                  : 0,
          );
          if (comparable.length === values.length)
            expect(comparable, `${list.table} by ${option} ${order}`).toEqual(
              order === 'ASC' ? sorted : sorted.reverse(),
            );
        }
      }
      for (const [column, filterKind] of Object.entries(list.filters)) {
        const response = await call(ctx.app, admin, {
          method: 'GET',
          url: `${list.paths.list}?filter_column[]=${column}&filter_value[]=${encodeURIComponent(sampleValue(filterKind))}`,
        });
        expect(response.statusCode, `${column}: ${response.body}`).toBe(200);
      }
    });
  }
});
