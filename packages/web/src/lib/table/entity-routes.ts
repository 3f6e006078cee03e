import {
  type ApiRouteDef,
  callNameOf,
  type EntityDefinition,
  entities,
  listAnswer,
  type ReferenceOperation,
  type ReferenceTableName,
  type RouteDef,
  type RouteName,
  referenceRoutes,
  referenceRowSchemas,
} from '@sil/contract';
import type { z } from 'zod';
import { routeDefinition } from '../api-client';

/** The JSON calls of a table page (its export is a file call, made by use-export). */
export type TableOperation = Exclude<ReferenceOperation, 'export'>;

const referenceTables = new Map<string, Record<ReferenceOperation, ApiRouteDef>>();

function jsonRoute(route: ApiRouteDef): RouteDef {
  if (route.kind !== undefined && route.kind !== 'json') throw new Error(`${route.path} is a file call`);
  return route;
}

/**
 * The route-table entry of one of a table's calls: a reference table's call as the contract
 * generates it from the entity (reference/routes.ts, what the server registers); the patients',
 * records' and samples' lists from the route table, by the call name of their path.
 */
export async function tableRoute(entity: EntityDefinition, operation: TableOperation): Promise<RouteDef> {
  if (!Object.hasOwn(entities, entity.table)) {
    return routeDefinition(callNameOf(entity.paths[operation]) as RouteName);
  }
  let generated = referenceTables.get(entity.table);
  if (!generated) {
    generated = referenceRoutes(entity);
    referenceTables.set(entity.table, generated);
  }
  return jsonRoute(generated[operation]);
}

/**
 * A table's call whose answer is read by the page's own row schema: the records list answers each
 * audience its own row (staff, clinic, prescriber), and the page knows which one it shows.
 */
export async function tableRouteAnswering<S extends z.ZodType>(
  entity: EntityDefinition,
  operation: TableOperation,
  response: S,
): Promise<RouteDef & { response: S }> {
  return { ...(await tableRoute(entity, operation)), response };
}

/** The list call of a reference table, answering its rows with their types. */
export function referenceListRoute<N extends ReferenceTableName>(table: N) {
  return tableRouteAnswering(entities[table], 'list', listAnswer(referenceRowSchemas[table]));
}
