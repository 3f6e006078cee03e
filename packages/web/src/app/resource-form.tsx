import type { ResourceTable } from '../features/records';
import { i18n } from '../lib/i18n';
import { TABLE_PAGES } from './table-pages';

/** The add form of a reference table, opened from the records wizard ('Add new resources'). */
export function ResourceForm({ table, onClose }: { table: ResourceTable; onClose: () => void }) {
  return TABLE_PAGES[table]?.addForm?.(i18n.t(`title.${table}`), onClose) ?? null;
}
