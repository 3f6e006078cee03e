import type { DeliveryRow, DeliveryWorklistRow, PhoneCallRow, RecordDeliveries } from '@sil/contract';
import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/open.js';
import { recordDeliveries, recordDeliveryCalls } from '../../db/schema/delivery.js';
import { users } from '../../db/schema/users.js';
import { presentRow } from '../../lib/time.js';
import { patients, records } from '../records/tables.js';

type Delivery = typeof recordDeliveries.$inferSelect;
const DELIVERY_STAMPS = [
  'delivery_next_attempt_at',
  'delivery_done_at',
  'delivery_created_at',
  'delivery_last_updated',
] as const;

const present = (delivery: Delivery, doneByName: string | null) => {
  const {
    laboratory_id: _lab,
    delivery_created_at: _created,
    ...row
  } = presentRow(delivery, DELIVERY_STAMPS);
  return { ...row, delivery_done_by_name: doneByName } as DeliveryRow;
};

export async function lockedRecord(tx: Tx, laboratoryId: string, recordId: string) {
  const [record] = await tx
    .select()
    .from(records)
    .where(and(eq(records.record_id, recordId), eq(records.laboratory_id, laboratoryId)))
    .for('update');
  return record;
}

export async function lockedDelivery(tx: Tx, laboratoryId: string, deliveryId: string) {
  const [delivery] = await tx
    .select()
    .from(recordDeliveries)
    .where(
      and(eq(recordDeliveries.delivery_id, deliveryId), eq(recordDeliveries.laboratory_id, laboratoryId)),
    )
    .for('update');
  return delivery;
}

export async function lockedCall(tx: Tx, laboratoryId: string, callId: string) {
  const [call] = await tx
    .select()
    .from(recordDeliveryCalls)
    .where(and(eq(recordDeliveryCalls.call_id, callId), eq(recordDeliveryCalls.laboratory_id, laboratoryId)))
    .for('update');
  return call;
}

/** The channels and phone checklist of a record, in the order of spec.md. */
export async function deliveriesOf(
  q: Queryable,
  record: { record_id: string; record_status: number },
): Promise<RecordDeliveries> {
  const doneBy = alias(users, 'done_by');
  const rows = await q
    .select({ delivery: recordDeliveries, name: doneBy.user_name })
    .from(recordDeliveries)
    .leftJoin(doneBy, eq(doneBy.admin_uid, recordDeliveries.delivery_done_by))
    .where(eq(recordDeliveries.delivery_record, record.record_id))
    .orderBy(asc(recordDeliveries.delivery_created_at), asc(recordDeliveries.delivery_channel));
  const calls = await q
    .select({ call: recordDeliveryCalls, name: doneBy.user_name })
    .from(recordDeliveryCalls)
    .leftJoin(doneBy, eq(doneBy.admin_uid, recordDeliveryCalls.call_done_by))
    .where(eq(recordDeliveryCalls.call_record, record.record_id))
    .orderBy(asc(recordDeliveryCalls.call_person));
  return {
    record_id: record.record_id,
    record_status: record.record_status,
    deliveries: rows.map(({ delivery, name }) => present(delivery, name ?? null)),
    calls: calls.map(
      ({ call, name }) =>
        ({
          call_id: call.call_id,
          call_person: call.call_person,
          call_done_by: call.call_done_by,
          call_done_by_name: name ?? null,
          call_done_at: call.call_done_at ? new Date(call.call_done_at).toISOString() : null,
        }) as PhoneCallRow,
    ),
  };
}

const WORKLIST_LENGTH = 500;

/** One channel's records still to deliver (or whose send failed), oldest validation first. */
export async function deliveryWorklist(
  q: Queryable,
  laboratoryId: string,
  channel: string,
  state: 'open' | 'failed',
): Promise<DeliveryWorklistRow[]> {
  const states = state === 'failed' ? ['failed'] : ['pending', 'sending', 'failed'];
  const rows = await q
    .select({
      delivery: recordDeliveries,
      record_number: records.record_number,
      record_is_urgent: records.record_is_urgent,
      patient_surname: patients.patient_surname,
      patient_name: patients.patient_name,
    })
    .from(recordDeliveries)
    .innerJoin(records, eq(records.record_id, recordDeliveries.delivery_record))
    .innerJoin(patients, eq(patients.patient_id, records.record_patient))
    .where(
      and(
        eq(recordDeliveries.laboratory_id, laboratoryId),
        eq(recordDeliveries.delivery_channel, channel),
        inArray(recordDeliveries.delivery_state, states),
      ),
    )
    .orderBy(asc(recordDeliveries.delivery_created_at))
    .limit(WORKLIST_LENGTH);
  return rows.map(({ delivery, ...rest }) => ({ ...present(delivery, null), ...rest }));
}

/** Sends whose time has come, locked so that another server copy's runner skips them. */
export async function dueSends(tx: Tx, limit: number): Promise<Delivery[]> {
  const due: SQL = lte(recordDeliveries.delivery_next_attempt_at, sql`now()`);
  return tx
    .select()
    .from(recordDeliveries)
    .where(and(eq(recordDeliveries.delivery_state, 'sending'), due))
    .orderBy(asc(recordDeliveries.delivery_next_attempt_at))
    .limit(limit)
    .for('update', { skipLocked: true });
}
