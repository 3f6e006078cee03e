import { z } from 'zod';
import { PERSONS_TO_PHONE } from '../enums.js';
import { calendarDate } from '../fields.js';

/** The report channels of spec.md §3, each with its must-do and pending flags on the record. */
export const DELIVERY_CHANNELS = [
  'paper',
  'online',
  'fax',
  'phone',
  'post',
  'insurance_report',
  'occupational_physician',
  // The structured result message sent to the laboratory's exchange destination (issue 16).
  'exchange',
  // The CR-BIO in its IHE XDM package, to the prescriber's MSSanté address (issue 42).
  'secure_messaging',
  // The CR-BIO and its XDS metadata to the patient's DMP (issue 42, docs/dmp.md).
  'dmp',
] as const;
export const deliveryChannel = z.enum(DELIVERY_CHANNELS);
export type DeliveryChannel = z.output<typeof deliveryChannel>;

/** The channels the system sends itself, as background jobs; staff carry out the others. */
export const SENT_CHANNELS: readonly DeliveryChannel[] = [
  'online',
  'fax',
  'exchange',
  'secure_messaging',
  'dmp',
];

/**
 * pending → done (staff or the system), or pending → sending → done | failed; a failed send is
 * retried by hand (back to sending) or done by hand (spec.md §4 'Report channels').
 */
export const DELIVERY_STATES = ['pending', 'sending', 'failed', 'done'] as const;
export const deliveryState = z.enum(DELIVERY_STATES);

/** The persons to phone of spec.md §3, and 'other' for the record's other persons to phone. */
export const PHONE_PERSONS = [...PERSONS_TO_PHONE, 'other'] as const;
export const phonePerson = z.enum(PHONE_PERSONS);

export const DeliveryRow = z.object({
  delivery_id: z.uuid(),
  delivery_record: z.uuid(),
  delivery_channel: deliveryChannel,
  delivery_state: deliveryState,
  delivery_recipient: z.string().nullable(),
  delivery_attempts: z.number().int(),
  delivery_next_attempt_at: z.string().nullable(),
  delivery_last_error: z.string().nullable(),
  delivery_done_by: z.uuid().nullable(),
  delivery_done_by_name: z.string().nullable(),
  delivery_done_at: z.string().nullable(),
  delivery_last_updated: z.string(),
});
export type DeliveryRow = z.output<typeof DeliveryRow>;

export const PhoneCallRow = z.object({
  call_id: z.uuid(),
  call_person: phonePerson,
  call_done_by: z.uuid().nullable(),
  call_done_by_name: z.string().nullable(),
  call_done_at: z.string().nullable(),
});
export type PhoneCallRow = z.output<typeof PhoneCallRow>;

export const RecordDeliveries = z.object({
  record_id: z.uuid(),
  record_status: z.number().int(),
  deliveries: z.array(DeliveryRow),
  calls: z.array(PhoneCallRow),
});
export type RecordDeliveries = z.output<typeof RecordDeliveries>;

export const DeliveryIdBody = z.object({ delivery_id: z.uuid() });
export const PhoneCallBody = z.object({ call_id: z.uuid() });

export const DeliveryWorklistQuery = z.object({
  channel: deliveryChannel,
  /** 'failed' lists the sends that need a hand; by default what is still to do. */
  state: z.enum(['open', 'failed']).default('open'),
});
export const DeliveryWorklistRow = DeliveryRow.extend({
  record_number: z.string(),
  record_is_urgent: z.boolean(),
  patient_surname: z.string(),
  patient_name: z.string(),
});
export type DeliveryWorklistRow = z.output<typeof DeliveryWorklistRow>;

/** What the password label gives the patient: the record number and its password, with their birth date. */
export const OnlineReportBody = z.object({
  record_number: z.string().trim().min(1).max(40),
  record_password: z.string().trim().min(1).max(64),
  patient_dob: calendarDate,
});
export const OnlineReport = z.object({
  record_number: z.string(),
  laboratory_name: z.string(),
  filename: z.string(),
  pdf_base64: z.string(),
});
export type OnlineReport = z.output<typeof OnlineReport>;

/** The channels staff print themselves: paper handed over, post sent; printed in batches. */
export const PRINTED_CHANNELS: readonly DeliveryChannel[] = ['paper', 'post'];

/** The work list rows chosen for one print batch (paper or post still to do). */
export const PrintBatchBody = z.object({
  delivery_ids: z.array(z.uuid()).min(1).max(200),
});
export const PrintBatch = z.object({
  filename: z.string(),
  pdf_base64: z.string(),
  /** Pages of the batch: every stored report, one after the other, in the order of the work list. */
  pages: z.number().int().positive(),
  delivery_ids: z.array(z.uuid()),
});
export type PrintBatch = z.output<typeof PrintBatch>;
export const PrintedDeliveries = z.object({
  /** The channels now done, by the user who confirmed, at that time. */
  done: z.array(z.uuid()),
  /** Records that reached 'sent' with it. */
  sent_records: z.array(z.uuid()),
});
export type PrintedDeliveries = z.output<typeof PrintedDeliveries>;
