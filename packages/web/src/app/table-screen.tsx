import type { WebLocale } from '@sil/contract';
import { UsersScreen } from '../features/reference';
import { TABLE_PAGES } from './table-pages';
import { TitleOnly } from './title-only';

/** `table/{name}`: a table's page, or the title of a table a later issue fills in. */
export function TableScreen({
  name,
  locale,
  fallbackTitleKey,
}: {
  name: string;
  locale: WebLocale;
  fallbackTitleKey: string;
}) {
  if (name === 'users') return <UsersScreen locale={locale} />;
  return TABLE_PAGES[name]?.page(locale) ?? <TitleOnly titleKey={fallbackTitleKey} />;
}
