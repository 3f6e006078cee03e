import type { EntityDefinition, FilterKind, ReferenceTableName } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterView } from './types';
import { useLoadAllOf } from './use-load-all';

/**
 * The filters of a table page: yes/no filters as they are, filters from another table only when
 * the user may read it (spec.md §6), with that table's rows as choices. Those rows are loaded when
 * the filter is first opened, or when it already has values (`selected`, to show their names).
 */
export function useTableFilters(
  entity: EntityDefinition,
  extra: { pseudoFilters?: readonly string[]; valueLabels?: Record<string, (value: string) => string> } = {},
  selected: Record<string, string[]> = {},
): FilterView[] {
  const { t } = useTranslation('tables');
  const [opened, setOpened] = useState<ReadonlySet<ReferenceTableName>>(new Set());
  const filters: Array<[string, FilterKind]> = Object.entries(entity.filters);
  const sources = filters.flatMap(([, filter]): ReferenceTableName[] =>
    filter.kind === 'reference' ? [filter.table] : [],
  );
  const wanted = new Set(opened);
  for (const [column, filter] of filters)
    if (filter.kind === 'reference' && (selected[column]?.length ?? 0) > 0) wanted.add(filter.table);
  const loaded = useLoadAllOf(sources, wanted);
  const open = (table: ReferenceTableName) => () =>
    setOpened((current) => (current.has(table) ? current : new Set([...current, table])));
  // Computed by the server (records with NCTs…): only 'yes' means something.
  const pseudo: FilterView[] = (extra.pseudoFilters ?? []).map((column) => ({
    column,
    label: t(`fields.${column}`),
    multiple: false,
    choices: [{ value: 'true', label: t('values.yes') }],
  }));
  const own = filters.flatMap(([column, filter]): FilterView[] => {
    const label = t(`fields.${column}`);
    switch (filter.kind) {
      case 'boolean':
        return [
          {
            column,
            label,
            multiple: false,
            choices: [
              { value: 'true', label: t('values.yes') },
              { value: 'false', label: t('values.no') },
            ],
          },
        ];
      case 'values':
        return [
          {
            column,
            label,
            multiple: true,
            choices: filter.values.map((value) => {
              const key = extra.valueLabels?.[column]?.(value);
              return { value, label: key ? t(key) : value };
            }),
          },
        ];
    }
    const source = loaded.find((candidate) => candidate.table === filter.table);
    return source?.allowed
      ? [{ column, label, multiple: true, choices: source.choices, onOpen: open(filter.table) }]
      : [];
  });
  return [...own, ...pseudo];
}
