import type { EntityDefinition, FilterKind, ReferenceTableName } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import type { FilterView } from '../../lib/table/types';
import { useLoadAllOf } from '../../lib/table/use-load-all';

/**
 * The filters of a table page: yes/no filters as they are, filters from another table only when
 * the user may read it (spec.md §6), with that table's rows as choices.
 */
export function useTableFilters(entity: EntityDefinition): FilterView[] {
  const { t } = useTranslation('tables');
  const filters: Array<[string, FilterKind]> = Object.entries(entity.filters);
  const sources = filters.flatMap(([, filter]): ReferenceTableName[] =>
    filter.kind === 'reference' ? [filter.table] : [],
  );
  const loaded = useLoadAllOf(sources);
  return filters.flatMap(([column, filter]): FilterView[] => {
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
          { column, label, multiple: true, choices: filter.values.map((value) => ({ value, label: value })) },
        ];
    }
    const source = loaded.find((candidate) => candidate.table === filter.table);
    return source?.allowed ? [{ column, label, multiple: true, choices: source.choices }] : [];
  });
}
