import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How the rows are sorted now, and which columns may sort them (column key → sort option). */
export interface SortView {
  /** Sort options of the table's columns, by column key. */
  sortable: Readonly<Record<string, string>>;
  /** The chosen option, or null for the table's default sort. */
  current: string | null;
  order: 'ASC' | 'DESC';
  /** The column the default sort reads, when it is shown, and its order. */
  defaultColumn: string | null;
  defaultOrder: 'ASC' | 'DESC';
  onSort: (option: string, order: 'ASC' | 'DESC') => void;
}

type Direction = 'ascending' | 'descending' | 'none';

/** What a column header says of the sort: the true direction of the rows, never a guess. */
export function columnSort(view: SortView, column: string): { direction: Direction; option: string | null } {
  const option = view.sortable[column] ?? null;
  const shown =
    view.current === null
      ? column === view.defaultColumn
        ? view.defaultOrder
        : null
      : option === view.current
        ? view.order
        : null;
  return { direction: shown === null ? 'none' : shown === 'ASC' ? 'ascending' : 'descending', option };
}

/** The order a click on a header asks for: the other way round when it already sorts, else ascending. */
export function nextSort(view: SortView, column: string): { option: string; order: 'ASC' | 'DESC' } | null {
  const { direction, option } = columnSort(view, column);
  if (option === null) return null;
  return { option, order: direction === 'ascending' ? 'DESC' : 'ASC' };
}

/** A column header that sorts the rows on click; aria-sort and the arrow show the current order. */
export function SortHeader({
  view,
  column,
  children,
}: {
  view: SortView;
  column: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('tables');
  const { direction } = columnSort(view, column);
  const next = nextSort(view, column);
  const Icon =
    direction === 'ascending' ? IconChevronUp : direction === 'descending' ? IconChevronDown : IconSelector;
  const sortable = next !== null;
  return (
    <Table.Th aria-sort={sortable || direction !== 'none' ? direction : undefined} data-column={column}>
      {sortable ? (
        <UnstyledButton
          onClick={() => view.onSort(next.option, next.order)}
          title={t(next.order === 'ASC' ? 'sort.by_asc' : 'sort.by_desc')}
          data-sort-column={column}
          fw={700}
          fz="sm"
        >
          <Group gap={4} wrap="nowrap">
            {children}
            <Icon size={14} aria-hidden data-sort-icon={direction} />
          </Group>
        </UnstyledButton>
      ) : (
        <Group gap={4} wrap="nowrap">
          {children}
          {direction !== 'none' ? <Icon size={14} aria-hidden data-sort-icon={direction} /> : null}
        </Group>
      )}
    </Table.Th>
  );
}
