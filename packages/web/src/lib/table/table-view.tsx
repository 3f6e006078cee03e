import { Button, Collapse, Group, Loader, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { isCalendarDate } from '@sil/contract';
import { IconArrowsSort, IconFilter, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { DateField } from '../form/date-field';
import { DeleteConfirm } from './delete-confirm';
import { ExportMenu } from './export-menu';
import type { ListState } from './list-state';
import { PhoneToolbar } from './phone-toolbar';
import type { TableRights } from './rights';
import type { SortView } from './sort-header';
import { TableEmpty } from './table-empty';
import { TableFilters } from './table-filters';
import { TablePager } from './table-pager';
import { RowCards, TableRows } from './table-rows';
import type { ColumnView, FilterView } from './types';

/** spec.md §9: the mobile layout applies below 992 px. */
const MOBILE_QUERY = '(max-width: 991.98px)';

export interface TableViewProps<R> {
  title: string;
  rows: R[];
  rowId: (row: R) => string;
  rowLabel: (row: R) => string;
  columns: ColumnView<R>[];
  /** Rows that match; undefined until the first answer, so that a loading list never reads '0 rows'. */
  total: number | undefined;
  pages: number;
  /** The server stopped counting (number_of_rows_capped): total and pages are lower bounds. */
  capped?: boolean;
  loading: boolean;
  state: ListState;
  onState: (next: ListState) => void;
  sortOptions: Array<{ value: string; label: string }>;
  /** Columns that sort the rows (column key → sort option) and the default sort's column and order. */
  sortable: Readonly<Record<string, string>>;
  defaultSort: { column: string | null; order: 'ASC' | 'DESC' };
  filters: FilterView[];
  searchPlaceholder: string;
  rights: TableRights;
  onAdd?: () => void;
  onOpen?: (row: R) => void;
  onDelete?: (ids: string[]) => Promise<unknown>;
  deleting?: boolean;
  onExport?: (format: 'csv' | 'xlsx', ids: string[] | null) => void;
  exporting?: boolean;
  /** The created-from/to range of the records and tasks lists (spec.md §2 'Reference-data tables'). */
  dateRange?: boolean;
  /** Actions of one table only (the NABM import, the user creation). */
  actions?: ReactNode;
}

/**
 * The generic table page (spec.md §2 'Reference-data tables'): search, sort, filters, paging,
 * selection, add, edit on row click, delete several at once, export. Buttons the user's rights do
 * not allow are absent, not disabled.
 */
export function TableView<R>(props: TableViewProps<R>) {
  const { t } = useTranslation('tables');
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches);
  const { state, onState, rights } = props;
  // A date still being typed filters nothing yet: the list asks for days that exist, or none.
  const onDateFilter = (bound: 'dateFrom' | 'dateTo', value: string) => {
    if (value === '' || isCalendarDate(value)) onState({ ...state, [bound]: value, page: 1 });
  };
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(false);
  const activeFilters =
    Object.values(state.filters).filter((values) => values.length > 0).length +
    (state.dateFrom ? 1 : 0) +
    (state.dateTo ? 1 : 0);
  const [search, setSearch] = useState(state.search);
  // The list is asked again once typing pauses, not on every key.
  const commitSearch = useDebouncedCallback(
    (text: string) => onState({ ...state, search: text, page: 1 }),
    300,
  );

  const selectable = rights.remove || props.onExport !== undefined;
  const toggle = (id: string) => {
    const row = props.rows.find((candidate) => props.rowId(candidate) === id);
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, row ? props.rowLabel(row) : id);
      return next;
    });
  };
  const toggleAll = () => {
    setSelected((current) => {
      const next = new Map(current);
      const all = props.rows.every((row) => next.has(props.rowId(row)));
      for (const row of props.rows) {
        if (all) next.delete(props.rowId(row));
        else next.set(props.rowId(row), props.rowLabel(row));
      }
      return next;
    });
  };

  const sort: SortView = {
    sortable: props.sortable,
    current: state.sort,
    order: state.order,
    defaultColumn: props.defaultSort.column,
    defaultOrder: props.defaultSort.order,
    onSort: (option, order) => onState({ ...state, sort: option, order, page: 1 }),
  };
  const canAdd = rights.edit && props.onAdd !== undefined;
  const empty = (
    <TableEmpty
      loading={props.loading}
      narrowed={state.search.trim() !== '' || activeFilters > 0}
      onAdd={canAdd ? props.onAdd : undefined}
    />
  );

  const rowsProps = {
    rows: props.rows,
    rowId: props.rowId,
    columns: props.columns,
    selected: new Set(selected.keys()),
    onToggle: toggle,
    onToggleAll: toggleAll,
    onOpen: props.onOpen,
    selectable,
    empty,
    sort,
  };

  const searchField = (
    <TextInput
      style={mobile ? undefined : { flex: '1 1 200px' }}
      maw={mobile ? undefined : 420}
      leftSection={<IconSearch size={16} />}
      rightSection={mobile && props.loading ? <Loader size="xs" /> : null}
      placeholder={props.searchPlaceholder}
      aria-label={t('search.label')}
      value={search}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        commitSearch(event.currentTarget.value);
      }}
      data-testid="table-search"
    />
  );
  const hasFilters = props.filters.length > 0 || props.dateRange === true;
  const onDelete = rights.remove && props.onDelete ? () => setConfirming(true) : null;
  const onExport = props.onExport
    ? (format: 'csv' | 'xlsx', selectedOnly: boolean) =>
        props.onExport?.(format, selectedOnly ? [...selected.keys()] : null)
    : null;

  return (
    <>
      <PageHeader
        title={props.title}
        actions={
          mobile ? (
            props.actions
          ) : (
            <Group gap="sm" wrap="wrap">
              {props.actions}
              {onDelete ? (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  disabled={selected.size === 0}
                  onClick={onDelete}
                  data-action="delete"
                >
                  {t('actions.delete_selected', { count: selected.size })}
                </Button>
              ) : null}
              {onExport ? (
                <ExportMenu
                  selectedCount={selected.size}
                  busy={props.exporting ?? false}
                  onExport={onExport}
                />
              ) : null}
              {canAdd ? (
                <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd} data-action="add">
                  {t('actions.add')}
                </Button>
              ) : null}
            </Group>
          )
        }
      />
      <Stack gap="sm" mb="md">
        {mobile ? (
          <PhoneToolbar
            search={searchField}
            filters={hasFilters ? { count: activeFilters, open: filtersOpen, onToggle: toggleFilters } : null}
            sort={
              props.sortOptions.length > 0
                ? {
                    options: props.sortOptions,
                    value: state.sort,
                    order: state.sort === null ? props.defaultSort.order : state.order,
                    onSort: (value) => onState({ ...state, sort: value, page: 1 }),
                    onOrder: (order) => onState({ ...state, order, page: 1 }),
                  }
                : null
            }
            selectedCount={selected.size}
            onDelete={onDelete}
            onExport={onExport}
            exporting={props.exporting ?? false}
            onAdd={canAdd ? (props.onAdd ?? null) : null}
          />
        ) : (
          <Group gap="sm" wrap="wrap" align="flex-end" data-testid="table-toolbar">
            {searchField}
            {props.sortOptions.length > 0 ? (
              <Group gap="xs" wrap="wrap" align="flex-end">
                <Select
                  w={220}
                  aria-label={t('sort.label')}
                  leftSection={<IconArrowsSort size={16} />}
                  placeholder={t('sort.default')}
                  data={props.sortOptions}
                  value={state.sort}
                  onChange={(value) => onState({ ...state, sort: value, page: 1 })}
                  clearable
                  data-testid="table-sort"
                />
                <SegmentedControl
                  aria-label={t('sort.order')}
                  disabled={state.sort === null}
                  // With no option chosen the rows follow the default sort: its order is the one shown.
                  value={state.sort === null ? props.defaultSort.order : state.order}
                  data={[
                    { value: 'ASC', label: t('sort.asc') },
                    { value: 'DESC', label: t('sort.desc') },
                  ]}
                  onChange={(value) =>
                    onState({ ...state, order: value === 'DESC' ? 'DESC' : 'ASC', page: 1 })
                  }
                  data-testid="table-order"
                />
              </Group>
            ) : null}
            {hasFilters ? (
              // The filters fold behind one button so the toolbar stays one row and the rows stay near
              // the top; the count says how many are set while they are folded.
              <Button
                variant={activeFilters > 0 ? 'light' : 'default'}
                leftSection={<IconFilter size={16} />}
                onClick={toggleFilters}
                aria-expanded={filtersOpen}
                data-action="filters"
                data-count={activeFilters}
              >
                {t('filters.toggle', { count: activeFilters })}
              </Button>
            ) : null}
            {props.loading ? <Loader size="sm" /> : null}
          </Group>
        )}
        <Collapse expanded={filtersOpen}>
          {props.dateRange ? (
            <Group gap="sm" mb="xs" wrap="wrap">
              <DateField
                size="xs"
                w={160}
                label={t('filters.date_from')}
                value={state.dateFrom ?? ''}
                onChange={(value) => onDateFilter('dateFrom', value)}
                data-filter="filter_date_from"
              />
              <DateField
                size="xs"
                w={160}
                label={t('filters.date_to')}
                value={state.dateTo ?? ''}
                onChange={(value) => onDateFilter('dateTo', value)}
                data-filter="filter_date_to"
              />
            </Group>
          ) : null}
          <TableFilters
            filters={props.filters}
            values={state.filters}
            onChange={(column, values) =>
              onState({ ...state, filters: { ...state.filters, [column]: values }, page: 1 })
            }
          />
        </Collapse>
      </Stack>
      {mobile ? <RowCards {...rowsProps} /> : <TableRows {...rowsProps} />}
      <TablePager
        page={state.page}
        pages={props.pages}
        total={props.total}
        capped={props.capped}
        pageSize={state.pageSize}
        onPage={(page) => onState({ ...state, page })}
        onPageSize={(pageSize) => onState({ ...state, pageSize, page: 1 })}
      />
      <DeleteConfirm
        opened={confirming}
        labels={[...selected.values()]}
        busy={props.deleting ?? false}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          void props.onDelete?.([...selected.keys()]).then(
            () => {
              setSelected(new Map());
              setConfirming(false);
            },
            // The error toast says why (cannotDelete…); the selection stays for another try.
            () => setConfirming(false),
          );
        }}
      />
    </>
  );
}
