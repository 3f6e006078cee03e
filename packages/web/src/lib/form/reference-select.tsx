import { MultiSelect, Select } from '@mantine/core';
import type { ReferenceTableName } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { useLoadAll } from '../table/use-load-all';

interface Common {
  table: ReferenceTableName;
  /** Names the input for the journeys (`data-field`). */
  name?: string;
  label: string;
  error?: string;
}

/** A choice among the rows of another table; says so when the user may not read that table. */
export function ReferenceSelect({
  name,
  table,
  label,
  error,
  value,
  onChange,
}: Common & { value: string | null; onChange: (next: string | null) => void }) {
  const { t } = useTranslation('tables');
  const { allowed, choices } = useLoadAll(table);
  // A chosen row the user cannot list still shows as chosen, by its id.
  const data =
    value && !choices.some((choice) => choice.value === value)
      ? [...choices, { value, label: value }]
      : choices;
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      disabled={!allowed}
      description={allowed ? undefined : t('form.no_read_right')}
      error={error}
      nothingFoundMessage={t('form.nothing_found')}
      data-field={name}
    />
  );
}

export function ReferenceMultiSelect({
  name,
  table,
  label,
  error,
  value,
  onChange,
}: Common & { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation('tables');
  const { allowed, choices } = useLoadAll(table);
  const known = new Set(choices.map((choice) => choice.value));
  const data = [...choices, ...value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id }))];
  return (
    <MultiSelect
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      disabled={!allowed}
      description={allowed ? undefined : t('form.no_read_right')}
      error={error}
      nothingFoundMessage={t('form.nothing_found')}
      data-field={name}
    />
  );
}
