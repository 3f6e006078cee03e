import { isTaskType, TASK_FILTER, TASK_TYPES, type WebLocale } from '@sil/contract';
import { TablePage } from '../../lib/table/table-page';
import { recordsTable } from './records-table';

/** The records table under the tasks' name: its own title, search placeholder and cached pages. */
const tasksTable = { ...recordsTable, name: 'tasks' as const };

/**
 * Tasks (`table/tasks/{task_type}`): the records having one task of the dashboard's 'Tasks in
 * progress' (any task, without one), with the created-from/to range. A task is a state of its
 * record, so it is done where the record's work is done (delivery, validation, the NCA…).
 */
export function TasksPage({ locale, taskType }: { locale: WebLocale; taskType: string | null }) {
  const tasks = taskType && isTaskType(taskType) ? [taskType] : [...TASK_TYPES];
  return (
    <TablePage
      key={tasks.join(',')}
      config={tasksTable}
      locale={locale}
      initialFilters={{ [TASK_FILTER]: tasks }}
    />
  );
}
