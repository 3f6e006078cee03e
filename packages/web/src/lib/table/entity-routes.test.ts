import { callNameOf, entities, patientList, recordList, referenceRoutes, sampleList } from '@sil/contract';
import { routes } from '@sil/contract/routes';
import { describe, expect, it } from 'vitest';
import { tableRoute } from './entity-routes';

describe('tableRoute', () => {
  it("gives a reference table's calls as the contract generates them for the server", async () => {
    const generated = referenceRoutes(entities.clinics);
    for (const operation of ['list', 'get', 'add', 'update', 'delete'] as const) {
      const route = await tableRoute(entities.clinics, operation);
      expect({ method: route.method, path: route.path }).toEqual({
        method: generated[operation].method,
        path: generated[operation].path,
      });
      expect(route.access).toEqual(generated[operation].access);
    }
  });

  it('gives the patients, records and samples lists from the route table, by name', async () => {
    for (const entity of [patientList, recordList, sampleList]) {
      const route = await tableRoute(entity, 'list');
      expect(route).toBe(routes[callNameOf(entity.paths.list) as keyof typeof routes]);
      expect(route.path).toBe(entity.paths.list);
    }
    expect((await tableRoute(recordList, 'delete')).path).toBe('/api/delete-records');
  });
});
