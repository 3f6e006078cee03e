import { z } from 'zod';
import type { ApiRouteDef } from '../route-def.js';
import { referenceRowOf } from '../rows/reference.js';
import { createSchema, type EntityName, entities, updateSchema } from './entities.js';
import { DeleteAnswer, DeleteBody, ExportQuery, ListQuery, listAnswer } from './list.js';
import type { EntityDefinition } from './shared.js';

/** The six generic calls of a reference table (spec.md §7 endpoint table). */
export const REFERENCE_OPERATIONS = ['list', 'get', 'add', 'update', 'delete', 'export'] as const;
export type ReferenceOperation = (typeof REFERENCE_OPERATIONS)[number];

/** A call's name is its path's last segment in camel case, as spec.md §7 names it: get-sampletypes → getSampletypes. */
export const callNameOf = (path: string) =>
  (path.split('/').at(-1) ?? path).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const access = (entity: EntityDefinition, level: 1 | 2 | 3) =>
  ({ kind: 'permission', key: entity.permission, level, userTypes: ['internal'] }) as const;
const readAccess = (entity: EntityDefinition) =>
  ({ ...access(entity, 1), externalsRead: entity.externalsRead === true }) as const;

/** The route-table entries of one reference table, built from its entity definition. */
export function referenceRoutes(entity: EntityDefinition): Record<ReferenceOperation, ApiRouteDef> {
  const row = referenceRowOf(entity);
  const idQuery = z.object({ [entity.idField]: z.string().min(1).max(100) });
  const uniques = entity.unique.map((rule) => rule.code);
  const pointed = [
    ...new Set(Object.values(entity.refersTo ?? {}).map((ref) => entities[ref.table].notFound)),
  ];
  return {
    list: {
      method: 'GET',
      path: entity.paths.list,
      access: readAccess(entity),
      summary: `List ${entity.table}`,
      query: ListQuery,
      response: listAnswer(row),
      errors: ['invalidOption'],
    },
    get: {
      method: 'GET',
      path: entity.paths.get,
      access: readAccess(entity),
      summary: `One of ${entity.table}, as a one-item array`,
      query: idQuery,
      response: z.array(row),
      // A clinic user reading a row another clinic owns (collectors) is told it overreached.
      errors: entity.externalsRead ? [entity.notFound, 'clinicUserOverreached'] : [entity.notFound],
    },
    add: {
      method: 'POST',
      path: entity.paths.add,
      access: access(entity, 2),
      summary: `Create one of ${entity.table}`,
      body: createSchema(entity),
      response: row,
      errors: [...uniques, ...pointed, ...(entity.ruleErrors ?? [])],
    },
    update: {
      method: 'PUT',
      path: entity.paths.update,
      access: access(entity, 2),
      summary: `Update one of ${entity.table}; refused when the stamp is stale`,
      body: updateSchema(entity),
      response: row,
      errors: [entity.notFound, 'staleUpdate', ...uniques, ...pointed, ...(entity.ruleErrors ?? [])],
    },
    delete: {
      method: 'DELETE',
      path: entity.paths.delete,
      access: access(entity, 3),
      summary: `Delete several ${entity.table}, all or none`,
      body: DeleteBody,
      response: DeleteAnswer,
      errors: [entity.notFound, 'cannotDelete'],
    },
    export: {
      kind: 'export',
      method: 'GET',
      path: entity.paths.export,
      access: access(entity, 1),
      summary: `Export ${entity.table} as CSV or XLSX`,
      query: ExportQuery,
    },
  };
}

/** Every generated call of every reference table, by call name. */
export const referenceRouteTable: Record<string, ApiRouteDef> = Object.fromEntries(
  (Object.keys(entities) as EntityName[]).flatMap((name) =>
    Object.values(referenceRoutes(entities[name])).map((def) => [callNameOf(def.path), def]),
  ),
);
