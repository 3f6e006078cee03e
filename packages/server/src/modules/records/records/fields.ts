import { patientFields, recordFields } from '@sil/contract';

/** A body or a row as the commands read it: fields by name. */
export type Row = Record<string, unknown>;
export const PATIENT_KEYS = Object.keys(patientFields);
export const RECORD_KEYS = Object.keys(recordFields);
/** Record fields a body sets directly: the analyses go through the ordering rules instead. */
export const RECORD_VALUE_KEYS = RECORD_KEYS.filter((key) => key !== 'record_selected_analyses');
