import { auditTrail as auditTrailTable } from '../../db/schema/audit.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The tables of the audit trail as other modules read them (lib/read-only.ts): never written
 * outside this module. A record's history and its results' trace read it.
 */
export const auditTrail = readOnly(auditTrailTable);

/** One entry of the trail, as read. */
export type AuditTrailRow = typeof auditTrailTable.$inferSelect;
