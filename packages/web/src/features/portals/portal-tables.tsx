import {
  ClinicRecordListRow,
  decideAccess,
  EXTERNAL_RECORDS_FILTER,
  hrefTo,
  PrescriberRecordListRow,
  RECORD_STATUS_KEYS,
  recordList,
  recordStatusSchema,
  routes,
  type WebLocale,
} from '@sil/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { defineTable } from '../../lib/table/table-config';
import { TablePage } from '../../lib/table/table-page';
import type { BoundTablePage } from '../../lib/table/table-pages';
import { useSession } from '../../lib/use-session';
import { DoctorsRecordModal } from './doctors-record-modal';

const statusLabel = (value: string) => {
  const status = recordStatusSchema.safeParse(value);
  return status.success ? `records:status.${RECORD_STATUS_KEYS[status.data][1]}` : value;
};

/**
 * The prescriber portal (`table/doctors`, spec.md §2): the records the prescriber prescribed, with
 * the fields of its audience's view (rows/audience.ts); a row opens its validated reports.
 */
export const doctorsTable = defineTable(PrescriberRecordListRow, {
  name: 'doctors',
  entity: recordList,
  readOnly: true,
  noExport: true,
  dateRange: true,
  valueLabels: { record_status: statusLabel },
  columns: [
    { field: 'record_number' },
    { field: 'patient_surname' },
    { field: 'patient_name' },
    { field: 'patient_dob', format: 'date' },
    { field: 'record_prescription_date', format: 'date' },
    { field: 'record_status', format: 'recordStatus' },
    { field: 'record_is_urgent', format: 'boolean' },
    { field: 'record_abnormal', format: 'alert' },
    { field: 'record_annulr_flag', format: 'boolean' },
    { field: 'record_created', format: 'datetime' },
  ],
  form: { kind: 'route', add: null, open: () => null },
});

/**
 * The external records portal (`table/external_records`): the clinic's records, added with the
 * external form, opened on the record preview (which external users may open, spec.md §6). Staff
 * opening it from the 'Other' menu see the external records of every clinic, and only those.
 */
export const externalRecordsTable = defineTable(ClinicRecordListRow, {
  name: 'external_records',
  entity: recordList,
  fixedFilters: { [EXTERNAL_RECORDS_FILTER]: ['true'] },
  readOnly: true,
  noExport: true,
  dateRange: true,
  valueLabels: { record_status: statusLabel },
  columns: [
    { field: 'record_number' },
    { field: 'patient_surname' },
    { field: 'patient_name' },
    { field: 'patient_dob', format: 'date' },
    { field: 'record_collection_datetime', format: 'datetime' },
    { field: 'record_status', format: 'recordStatus' },
    { field: 'record_is_urgent', format: 'boolean' },
    { field: 'record_abnormal', format: 'alert' },
    { field: 'record_received_at', format: 'datetime' },
    { field: 'record_created', format: 'datetime' },
  ],
  form: {
    kind: 'route',
    add: (locale) => hrefTo(locale, 'formExternalRecords'),
    open: (row, locale) => hrefTo(locale, 'previewRecord', { recordId: row.record_id }),
  },
});

function DoctorsPage({ locale }: { locale: WebLocale }) {
  const navigate = useNavigate();
  const { rights } = useSession();
  const [open, setOpen] = useState<PrescriberRecordListRow | null>(null);
  // Staff reach this list from the 'Other' menu: they open the record screen as anywhere else.
  const staff = rights?.user_type === 'internal';
  return (
    <>
      <TablePage
        config={doctorsTable}
        locale={locale}
        portal={{
          canAdd: false,
          openRow: (row) =>
            staff
              ? void navigate(hrefTo(locale, 'previewRecord', { recordId: row.record_id }))
              : setOpen(row),
        }}
      />
      {open ? <DoctorsRecordModal record={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function ExternalRecordsPage({ locale }: { locale: WebLocale }) {
  const navigate = useNavigate();
  const { rights } = useSession();
  return (
    <TablePage
      config={externalRecordsTable}
      locale={locale}
      portal={{
        canAdd: decideAccess(routes.addExternalRecord.access, rights).allowed,
        openRow: (row) => void navigate(hrefTo(locale, 'previewRecord', { recordId: row.record_id })),
      }}
    />
  );
}

export const doctorsTablePage: BoundTablePage = {
  name: 'doctors',
  page: (locale) => <DoctorsPage key="doctors" locale={locale} />,
  addForm: null,
};

export const externalRecordsTablePage: BoundTablePage = {
  name: 'external_records',
  page: (locale) => <ExternalRecordsPage key="external_records" locale={locale} />,
  addForm: null,
};
