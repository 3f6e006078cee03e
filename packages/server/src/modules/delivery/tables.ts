import { recordDeliveries as recordDeliveriesTable } from '../../db/schema/delivery.js';
import { readOnly } from '../../lib/read-only.js';

/**
 * The tables of the deliveries as other modules read them (lib/read-only.ts): never written
 * outside this module. The dashboard counts the failed ones.
 */
export const recordDeliveries = readOnly(recordDeliveriesTable);
