import type { WebLocale } from '@sil/contract';
import { TasksPage } from '../features/records';
import { UsersScreen } from '../features/reference';
import { TABLE_PAGES } from './table-pages';
import { TitleOnly } from './title-only';

/** `table/{name}/{task_type?}`: a table's page, or the title of a table a later issue fills in. */
export function TableScreen({
  name,
  locale,
  fallbackTitleKey,
  taskType = null,
}: {
  name: string;
  locale: WebLocale;
  fallbackTitleKey: string;
  /** The task of `table/tasks/{task_type}`. */
  taskType?: string | null;
}) {
  if (name === 'users') return <UsersScreen locale={locale} />;
  if (name === 'tasks') return <TasksPage locale={locale} taskType={taskType} />;
  return TABLE_PAGES[name]?.page(locale) ?? <TitleOnly titleKey={fallbackTitleKey} />;
}
