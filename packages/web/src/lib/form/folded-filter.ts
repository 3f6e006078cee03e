import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { foldForSearch } from '@sil/contract';

/**
 * The filter of a searchable select as French users type: without accents, case or hyphens
 * ('reunion' finds 'La Réunion', 'saint etienne' finds 'Saint-Étienne'); a leading '+' is ignored so
 * that '+262' and '262' find the same calling code.
 */
export const foldedFilter: OptionsFilter = ({ options, search, limit }) => {
  const wanted = foldForSearch(search.trim().replace(/^\+/, ''));
  const found = options.filter(
    (option): option is ComboboxItem => 'label' in option && foldForSearch(option.label).includes(wanted),
  );
  return found.slice(0, limit);
};
