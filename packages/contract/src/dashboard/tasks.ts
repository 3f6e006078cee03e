import { z } from 'zod';

/**
 * The kinds of task of the dashboard's 'Tasks in progress' panel and of the tasks table
 * (`table/tasks/{task_type}`). A task is not a row of its own: it is a record waiting for one kind
 * of action (a fax to send, a validation, a non-conformity to solve…), read from the record's state,
 * so that a task is done when that action is done. One list of them, in the panel's order.
 */
export const TASK_TYPES = [
  'ongoing',
  'sent_externally',
  'to_fax',
  'insurance_reports',
  'online_reports',
  'paper_reports',
  'to_phone',
  'physician_reports',
  'to_post',
  'to_validate',
  'urgent',
  'validated_today',
  'with_anes',
  'with_lbloc',
  'with_ncas',
  'with_ncts',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const taskTypeSchema = z.enum(TASK_TYPES);

export const isTaskType = (value: string): value is TaskType =>
  (TASK_TYPES as readonly string[]).includes(value);

/** The records list's filter column that keeps the records having one task (its value: a task type). */
export const TASK_FILTER = 'record_task';

/** Tasks whose list serves one special right only: they are not shown to the others. */
export const TASK_SPECIAL_RIGHT: Partial<Record<TaskType, 'validation_admin'>> = {
  to_validate: 'validation_admin',
};
