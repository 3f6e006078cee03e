import { Card, Checkbox, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { onRowKey, ROW_FOCUS } from './row-keys';
import { SortHeader, type SortView } from './sort-header';
import classes from './table-rows.module.css';
import type { ColumnView } from './types';

interface RowsProps<R> {
  rows: R[];
  rowId: (row: R) => string;
  columns: ColumnView<R>[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  /** Opens the row's form; absent when the user may not edit. */
  onOpen?: (row: R) => void;
  selectable: boolean;
  /** What shows instead of rows: an invitation to add the first one, or 'no row matches'. */
  empty: ReactNode;
  sort: SortView;
}

/** Desktop: a table that scrolls sideways when its columns do not fit. */
export function TableRows<R>({
  rows,
  rowId,
  columns,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  selectable,
  empty,
  sort,
}: RowsProps<R>) {
  const { t } = useTranslation('tables');
  const allChecked = rows.length > 0 && rows.every((row) => selected.has(rowId(row)));
  const someChecked = rows.some((row) => selected.has(rowId(row)));
  return (
    <Table.ScrollContainer minWidth={Math.max(600, columns.length * 140)}>
      <Table highlightOnHover={onOpen !== undefined} verticalSpacing="xs" striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {selectable ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('select.all')}
                  checked={allChecked}
                  indeterminate={someChecked && !allChecked}
                  onChange={onToggleAll}
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => (
              <SortHeader key={column.key} view={sort} column={column.key}>
                {column.label}
              </SortHeader>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody data-row-list>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 1}>{empty}</Table.Td>
            </Table.Tr>
          ) : null}
          {rows.map((row, index) => {
            const id = rowId(row);
            return (
              // The first row is the list's stop in the Tab order; the arrow keys reach the others.
              <Table.Tr
                key={id}
                data-row-id={id}
                {...{ [ROW_FOCUS]: '' }}
                tabIndex={index === 0 ? 0 : -1}
                className={classes.row}
                style={onOpen ? { cursor: 'pointer' } : undefined}
                onClick={onOpen ? () => onOpen(row) : undefined}
                onKeyDown={(event) =>
                  onRowKey(event, {
                    open: onOpen ? () => onOpen(row) : undefined,
                    toggle: selectable ? () => onToggle(id) : undefined,
                  })
                }
              >
                {selectable ? (
                  // The check box selects; a click elsewhere on the row opens it.
                  <Table.Td onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      aria-label={t('select.row')}
                      checked={selected.has(id)}
                      onChange={() => onToggle(id)}
                    />
                  </Table.Td>
                ) : null}
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Mobile (below 992 px): one card per row, label above value, nothing to scroll sideways. */
export function RowCards<R>({
  rows,
  rowId,
  columns,
  selected,
  onToggle,
  onOpen,
  selectable,
  empty,
}: RowsProps<R>) {
  const { t } = useTranslation('tables');
  if (rows.length === 0) return <Card withBorder>{empty}</Card>;
  return (
    <Stack gap="sm" data-row-list>
      {rows.map((row) => {
        const id = rowId(row);
        const [first, ...rest] = columns;
        return (
          <Card key={id} withBorder padding="sm" data-row-id={id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <UnstyledButton
                style={{ flex: 1, minWidth: 0 }}
                onClick={onOpen ? () => onOpen(row) : undefined}
                disabled={!onOpen}
                {...{ [ROW_FOCUS]: '' }}
                onKeyDown={(event) => onRowKey(event, {})}
              >
                {first ? (
                  <Text fw={600} size="sm" mb={4}>
                    {first.render(row)}
                  </Text>
                ) : null}
                {rest.map((column) => (
                  <Group key={column.key} gap={6} wrap="nowrap" align="baseline">
                    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                      {column.label}
                    </Text>
                    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </Text>
                  </Group>
                ))}
              </UnstyledButton>
              {selectable ? (
                <Checkbox
                  aria-label={t('select.row')}
                  checked={selected.has(id)}
                  onChange={() => onToggle(id)}
                />
              ) : null}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
