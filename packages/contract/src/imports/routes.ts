import type { RouteDef } from '../route-def.js';
import { ImportMappings, ImportMappingsQuery, UpdateImportMappingsBody } from './schemas.js';

const machines = (level: 1 | 2) =>
  ({ kind: 'permission', key: 'admin_machines', level, userTypes: ['internal'] }) as const;

/** What the instrument codes of each file type mean, per machine (issue 14). */
export const importMappingRoutes = {
  getImportMappings: {
    method: 'GET',
    path: '/api/get-import-mappings',
    access: machines(1),
    summary:
      'The instrument codes of a file type mapped to parameters, for a machine (and those for every machine)',
    query: ImportMappingsQuery,
    response: ImportMappings,
    errors: ['machineNotFound'],
  },
  updateImportMappings: {
    method: 'PUT',
    path: '/api/update-import-mappings',
    access: machines(2),
    summary: 'Replace the mapping of a file type for a machine (or for every machine when none is named)',
    body: UpdateImportMappingsBody,
    response: ImportMappings,
    errors: ['machineNotFound', 'parameterNotFound'],
  },
} as const satisfies Record<string, RouteDef>;
