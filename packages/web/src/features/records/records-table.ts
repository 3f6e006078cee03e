import {
  hrefTo,
  isTaskType,
  RECORD_PSEUDO_FILTERS,
  RECORD_STATUS_KEYS,
  RecordListRow,
  recordList,
  recordStatusSchema,
  TASK_FILTER,
} from '@sil/contract';
import { defineTable } from '../../lib/table/table-config';
import { pageOf } from '../../lib/table/table-pages';

/** Records: made by the add-record wizard, opened on the record screen; status, dates, pseudo-filters. */
export const recordsTable = defineTable(RecordListRow, {
  name: 'records',
  entity: recordList,
  readOnly: true,
  dateRange: true,
  pseudoFilters: RECORD_PSEUDO_FILTERS,
  valueLabels: {
    [TASK_FILTER]: (value) => (isTaskType(value) ? `dashboard:task.${value}` : value),
    record_status: (value) => {
      const status = recordStatusSchema.safeParse(value);
      return status.success ? `records:status.${RECORD_STATUS_KEYS[status.data][1]}` : value;
    },
  },
  columns: [
    { field: 'record_number' },
    { field: 'patient_surname' },
    { field: 'patient_name' },
    { field: 'patient_dob', format: 'date' },
    { field: 'record_status', format: 'recordStatus' },
    { field: 'record_is_urgent', format: 'boolean' },
    { field: 'record_unresolved_nca', format: 'boolean' },
    { field: 'record_lbloc_flag', format: 'boolean' },
    { field: 'record_created', format: 'datetime' },
  ],
  form: {
    kind: 'route',
    add: (locale) => hrefTo(locale, 'formRecords'),
    open: (row, locale) => hrefTo(locale, 'previewRecord', { recordId: row.record_id }),
  },
});

export const recordsTablePage = pageOf(recordsTable);
