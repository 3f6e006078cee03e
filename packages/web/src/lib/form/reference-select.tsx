import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReferenceTableName } from '@sil/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Choice, useLoadAll, useSearchedChoices } from '../table/use-load-all';
import { foldedFilter } from './folded-filter';

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
      filter={foldedFilter}
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
      filter={foldedFilter}
      clearable
      disabled={!allowed}
      description={allowed ? undefined : t('form.no_read_right')}
      error={error}
      nothingFoundMessage={t('form.nothing_found')}
      data-field={name}
    />
  );
}

/**
 * A choice of several rows of a large table (NABM acts) that asks the server for the rows matching
 * what is typed, a page at a time, instead of loading the whole table. Chosen rows keep the label
 * they were picked with; rows chosen before show by their value (the NABM code).
 */
export function SearchedReferenceMultiSelect({
  name,
  table,
  label,
  error,
  value,
  onChange,
}: Common & { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation('tables');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const { allowed, choices, loading } = useSearchedChoices(table, debounced);
  const labels = useRef(new Map<string, string>());
  for (const choice of choices) labels.current.set(choice.value, choice.label);
  const offered = new Set(choices.map((choice) => choice.value));
  const chosen: Choice[] = value
    .filter((id) => !offered.has(id))
    .map((id) => ({ value: id, label: labels.current.get(id) ?? id }));
  return (
    <MultiSelect
      label={label}
      data={[...choices, ...chosen]}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched (code and wording, accents and case aside): show what it found.
      filter={({ options }) => options}
      clearable
      disabled={!allowed}
      description={allowed ? t('form.searched_hint') : t('form.no_read_right')}
      error={error}
      nothingFoundMessage={loading ? t('form.searching') : t('form.nothing_found')}
      data-field={name}
    />
  );
}
