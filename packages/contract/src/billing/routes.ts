import { z } from 'zod';
import { RecordIdQuery } from '../records/actions.js';
import { DocumentAnswer } from '../records/documents.js';
import type { RouteDef } from '../route-def.js';
import {
  AddBValueBody,
  BillingDetails,
  BillingListAnswer,
  BillingListQuery,
  BValueRow,
  BValuesAnswer,
  MarkBillBody,
  UpdateBillingTerritoryBody,
} from './schemas.js';

const staffRecords = { kind: 'permission', key: 'admin_records', level: 1, userTypes: ['internal'] } as const;
/** The laboratory's billing users and the clinics' billing users (spec.md §6). */
const billingUsers = { kind: 'special', right: 'billing_user', userTypes: ['internal', 'external'] } as const;
/** Marking bills is the laboratory's: a clinic billing user reads its clinic's bills. */
const laboratoryBilling = { kind: 'special', right: 'billing_user', userTypes: ['internal'] } as const;
const nabmEditors = { kind: 'permission', key: 'admin_nabms', level: 2, userTypes: ['internal'] } as const;
const billErrors = ['recordNotFound', 'patientNotFound', 'clinicUserOverreached', 'bValueMissing'] as const;

/** Billing (issue 16): a record's billing details, its fee sheet and quote, the billing list, the B values. */
export const billingRoutes = {
  getBillingDetails: {
    method: 'GET',
    path: '/api/get-billing-details',
    access: staffRecords,
    summary: "A record's NABM acts, rules applied and totals (cents)",
    query: RecordIdQuery,
    response: BillingDetails,
    errors: billErrors,
  },
  getCerfa: {
    method: 'GET',
    path: '/reports/get-cerfa',
    access: staffRecords,
    summary: "The record's fee sheet ('FEUILLE D'HONORAIRES')",
    query: RecordIdQuery,
    response: DocumentAnswer,
    errors: billErrors,
  },
  getQuote: {
    method: 'GET',
    path: '/reports/get-quote',
    access: staffRecords,
    summary: "The record's quote of non-refundable analyses ('DEVIS')",
    query: RecordIdQuery,
    response: DocumentAnswer,
    errors: billErrors,
  },
  getBillingList: {
    method: 'GET',
    path: '/api/get-billing-list',
    access: billingUsers,
    summary: 'Records to bill, billed or paid',
    query: BillingListQuery,
    response: BillingListAnswer,
    errors: ['clinicUserOverreached'],
  },
  markRecordBilled: {
    method: 'PUT',
    path: '/api/mark-record-billed',
    access: laboratoryBilling,
    summary: 'Mark a validated record billed',
    body: MarkBillBody,
    response: z.object({ record_id: z.uuid(), bill_state: z.literal('billed') }),
    errors: ['recordNotFound', 'recordNotBillable', 'billAlreadyRecorded', 'bValueMissing'],
  },
  markRecordPaid: {
    method: 'PUT',
    path: '/api/mark-record-paid',
    access: laboratoryBilling,
    summary: 'Mark a billed record paid',
    body: MarkBillBody,
    response: z.object({ record_id: z.uuid(), bill_state: z.literal('paid') }),
    errors: ['recordNotFound', 'billNotBilled', 'billAlreadyRecorded'],
  },
  getBValues: {
    method: 'GET',
    path: '/api/get-b-values',
    access: { kind: 'permission', key: 'admin_nabms', level: 1, userTypes: ['internal'] },
    summary: 'The territory and the dated B values',
    response: BValuesAnswer,
  },
  addBValue: {
    method: 'POST',
    path: '/api/add-b-value',
    access: nabmEditors,
    summary: 'Add a dated B value (cents)',
    body: AddBValueBody,
    response: BValueRow,
  },
  updateBillingTerritory: {
    method: 'PUT',
    path: '/api/update-billing-territory',
    access: nabmEditors,
    summary: "The laboratory's territory",
    body: UpdateBillingTerritoryBody,
    response: UpdateBillingTerritoryBody,
  },
} as const satisfies Record<string, RouteDef>;
