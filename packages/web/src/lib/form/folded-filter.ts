import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { foldForSearch } from '@sil/contract';

/** An option of a select; `keywords` are searched as well as the label (see countries-list.ts). */
type SearchableItem = ComboboxItem & { keywords?: unknown };

/** The label, then the keywords of an option: what a user may type to find it. */
export function optionText(option: SearchableItem): string {
  return typeof option.keywords === 'string' ? `${option.label} · ${option.keywords}` : option.label;
}

/**
 * The filter of a searchable select as French users type: without accents, case or hyphens
 * ('reunion' finds 'La Réunion', 'saint etienne' finds 'Saint-Étienne'); a leading '+' is ignored so
 * that '+262' and '262' find the same calling code.
 */
export const foldedFilter: OptionsFilter = ({ options, search, limit }) => {
  const wanted = foldForSearch(search.trim().replace(/^\+/, ''));
  const found = options.filter(
    (option): option is SearchableItem =>
      'label' in option && foldForSearch(optionText(option)).includes(wanted),
  );
  return found.slice(0, limit);
};
