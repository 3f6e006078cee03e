import type { WebLocale } from '@sil/contract';
import { ReferenceTablePage } from './reference-table-page';
import { REFERENCE_TABLES } from './table-configs';
import { UsersPage } from './users/users-page';

/** Whether `table/{name}` is one of the reference tables this feature shows. */
export function isReferenceTable(name: string): boolean {
  return name === 'users' || Object.hasOwn(REFERENCE_TABLES, name);
}

/** The page of `table/{name}` for the reference tables and users (spec.md §2 'Reference-data tables'). */
export function ReferenceScreen({ name, locale }: { name: string; locale: WebLocale }) {
  if (name === 'users') return <UsersPage locale={locale} />;
  const config = REFERENCE_TABLES[name];
  // A fresh page per table: its search, sort, filters and selection do not carry over.
  return config ? <ReferenceTablePage key={config.name} config={config} locale={locale} /> : null;
}

export { ParameterFormPage } from './parameter/parameter-form-page';
