import { Group, MultiSelect, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilterView } from './types';

/** Static yes/no filters and filters populated from other tables, one input per column. */
export function TableFilters({
  filters,
  values,
  onChange,
}: {
  filters: FilterView[];
  values: Record<string, string[]>;
  onChange: (column: string, values: string[]) => void;
}) {
  const { t } = useTranslation('tables');
  if (filters.length === 0) return null;
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {filters.map((filter) =>
        filter.multiple ? (
          <MultiSelect
            key={filter.column}
            size="xs"
            w={220}
            label={filter.label}
            placeholder={t('filters.any')}
            data={filter.choices}
            value={values[filter.column] ?? []}
            onChange={(next) => onChange(filter.column, next)}
            onDropdownOpen={filter.onOpen}
            searchable
            clearable
            data-filter={filter.column}
          />
        ) : (
          <Select
            key={filter.column}
            size="xs"
            w={160}
            label={filter.label}
            placeholder={t('filters.any')}
            data={filter.choices}
            value={values[filter.column]?.[0] ?? null}
            onChange={(next) => onChange(filter.column, next ? [next] : [])}
            clearable
            data-filter={filter.column}
          />
        ),
      )}
    </Group>
  );
}
