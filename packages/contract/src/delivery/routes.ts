import { RecordIdQuery } from '../records/actions.js';
import type { RouteDef } from '../route-def.js';
import {
  DeliveryIdBody,
  DeliveryWorklistQuery,
  DeliveryWorklistRow,
  OnlineReport,
  OnlineReportBody,
  PhoneCallBody,
  PrintBatch,
  PrintBatchBody,
  PrintedDeliveries,
  RecordDeliveries,
} from './schemas.js';

const staff = ['internal'] as const;
const records = (level: 1 | 2) =>
  ({ kind: 'permission', key: 'admin_records', level, userTypes: staff }) as const;

/**
 * Delivery of the report (issue 15 'Delivery'): the channels of a validated record, marked done by
 * the secretaries (phone per person), sent by the system (e-mail, fax) with retries by hand; the
 * work list of one channel; the patient's own opening of the report online (public, throttled).
 */
export const deliveryRoutes = {
  getRecordDeliveries: {
    method: 'GET',
    path: '/api/get-record-deliveries',
    access: records(1),
    summary: 'The report channels of a record with their state, who and when, and its phone checklist',
    query: RecordIdQuery,
    response: RecordDeliveries,
    errors: ['recordNotFound'],
  },
  markDeliveryDone: {
    method: 'PUT',
    path: '/api/mark-delivery-done',
    access: records(2),
    summary:
      'Mark a channel of a record done (paper or post printed, fax sent by hand…); the record is sent once none is left',
    body: DeliveryIdBody,
    response: RecordDeliveries,
    errors: ['deliveryNotFound', 'deliveryAlreadyDone', 'phoneCallsPending', 'cannotEditLock'],
  },
  markPhoneCallDone: {
    method: 'PUT',
    path: '/api/mark-phone-call-done',
    access: records(2),
    summary: 'Tick one person of the phone checklist; the phone channel is done with its last person',
    body: PhoneCallBody,
    response: RecordDeliveries,
    errors: ['phoneCallNotFound', 'deliveryAlreadyDone', 'cannotEditLock'],
  },
  retryDelivery: {
    method: 'PUT',
    path: '/api/retry-delivery',
    access: records(2),
    summary: 'Send again a channel whose send failed (e-mail, fax); it goes back to the sending queue',
    body: DeliveryIdBody,
    response: RecordDeliveries,
    errors: ['deliveryNotFound', 'deliveryNotRetryable', 'cannotEditLock'],
  },
  getDeliveryWorklist: {
    method: 'GET',
    path: '/api/get-delivery-worklist',
    access: records(1),
    summary: 'The records whose report still waits on one channel (or whose send failed), oldest first',
    query: DeliveryWorklistQuery,
    response: DeliveryWorklistRow.array(),
  },
  openOnlineReport: {
    method: 'POST',
    path: '/api/open-online-report',
    access: { kind: 'public' },
    summary:
      'The patient opens their report with the record number, the record password and their birth date; throttled, every opening traced',
    body: OnlineReportBody,
    response: OnlineReport,
    errors: ['incorrectReportCredentials', 'reportNotReady', 'tooManyAttempts'],
  },
  // Print batches for paper and post (issue 15 'post and paper as print batches').
  printDeliveryBatch: {
    method: 'POST',
    path: '/api/print-delivery-batch',
    access: records(2),
    summary: 'One PDF of the stored reports of chosen paper or post channels',
    body: PrintBatchBody,
    response: PrintBatch,
    errors: ['deliveryNotFound', 'deliveryNotPrintable', 'deliveryAlreadyDone', 'reportNotFound'],
  },
  markDeliveriesPrinted: {
    method: 'PUT',
    path: '/api/mark-deliveries-printed',
    access: records(2),
    summary: 'Mark a printed (or posted) batch done',
    body: PrintBatchBody,
    response: PrintedDeliveries,
    errors: ['deliveryNotFound', 'deliveryNotPrintable', 'deliveryAlreadyDone', 'cannotEditLock'],
  },
} as const satisfies Record<string, RouteDef>;
