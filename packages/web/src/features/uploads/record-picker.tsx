import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { RecordPatientFields } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format/dates';
import { usePickedRecord, useRecordSearch } from './api';

/** get-record nests the patient; the list has its fields beside the record's: both name it so. */
const labelOf = (recordNumber: string, patient: RecordPatientFields | null, language: string) =>
  `${recordNumber} · ${patient?.patient_surname ?? ''} ${patient?.patient_name ?? ''} · ${formatDate(patient?.patient_dob, language)}`;

/** A record found by its number or its patient (name, NIR, DD/MM/YYYY), as the records list searches. */
export function RecordPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation('records');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const found = useRecordSearch(term);
  const chosen = usePickedRecord(value);
  const data = (found.data?.data ?? []).map((row) => ({
    value: row.record_id,
    label: labelOf(row.record_number, row, i18n.language),
  }));
  // It stays listed even when the search moves on, named as the others rather than by its id.
  if (value && !data.some((choice) => choice.value === value)) {
    const row = chosen.data;
    data.unshift({ value, label: row ? labelOf(row.record_number, row.patient, i18n.language) : '…' });
  }
  return (
    <Select
      label={t('uploads.record')}
      placeholder={t('uploads.record_placeholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={t('uploads.no_record')}
      clearable
      data-testid="upload-record"
    />
  );
}
