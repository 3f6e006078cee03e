import { entities, hrefTo, type WebLocale } from '@sil/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EntityFormModal } from '../form/entity-form-modal';
import { showToast } from '../notify';
import { useSession } from '../use-session';
import { CellValue } from './cell-value';
import { filtersFromAddress, initialListState, type ListState } from './list-state';
import { type TableRights, useTableRights } from './rights';
import { type ReferenceTableConfig, shownText } from './table-config';
import { TableView } from './table-view';
import type { ColumnView } from './types';
import { useDeleteRows } from './use-delete-rows';
import { useExport } from './use-export';
import { useTableFilters } from './use-table-filters';
import { useTableList } from './use-table-list';

/** The generic table page of one table, driven by its configuration object. */
export function TablePage<R>({
  config,
  locale,
  actions,
  portal,
  initialFilters,
}: {
  config: ReferenceTableConfig<R>;
  locale: WebLocale;
  /** Filters the page opens with (the tasks table: the task of its address). */
  initialFilters?: Record<string, string[]>;
  /** Actions of this table only (the NABM import), given the user's rights on it. */
  actions?: (rights: TableRights) => ReactNode;
  /**
   * A portal's list of records (prescribers, clinic users): no staff levels apply, so the page
   * offers only what the portal user may do: add when allowed, open a row its own way, no export.
   */
  portal?: { canAdd: boolean; openRow: (row: R) => void };
}) {
  const { t } = useTranslation('tables');
  const { t: tMain } = useTranslation();
  const navigate = useNavigate();
  const { entity } = config;
  const staffRights = useTableRights(entity.permission);
  const rights: TableRights = portal ? { read: false, edit: portal.canAdd, remove: false } : staffRights;
  // A link may open the table already searched (a record's sample opens the samples table on it).
  const [params] = useSearchParams();
  // A dashboard counter opens it filtered (?record_is_urgent=true) and within created-from/to days.
  const [state, setState] = useState<ListState>(() => ({
    ...initialListState,
    search: params.get('search') ?? '',
    filters: {
      ...filtersFromAddress(params, [...Object.keys(entity.filters), ...(config.pseudoFilters ?? [])]),
      ...initialFilters,
    },
    ...(config.dateRange
      ? { dateFrom: params.get('from') ?? undefined, dateTo: params.get('to') ?? undefined }
      : {}),
  }));
  // null: no form open; 'new': adding; otherwise the id of the row being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const list = useTableList(entity, config.row, state, config.fixedFilters);
  const remove = useDeleteRows(entity);
  const exporter = useExport(entity.paths.export, entity.table);
  const filters = useTableFilters(entity, config, state.filters);
  // The server's default order: by creation when the list is filtered by creation days (records).
  const defaultSort =
    entity.dateRangeSort && (state.dateFrom || state.dateTo) ? entity.dateRangeSort : entity.defaultSort;
  const title = tMain(`title.${config.name}`);

  // A column naming rows of a table the user may not read (a clinic user's collectors: their
  // clinic) would show only dashes, as if nothing were set: it is left out instead.
  const { rights: session } = useSession();
  const readable = config.columns.filter(
    (column) =>
      typeof column.format !== 'object' ||
      (session?.[entities[column.format.reference].permission] ?? 0) >= 1,
  );
  const columns: ColumnView<R>[] = readable.map((column) => ({
    key: column.field,
    label: t(`fields.${column.field}`),
    render: (row) => (
      <CellValue
        format={column.format}
        value={row[column.field]}
        valueLabel={config.valueLabels?.[column.field]}
      />
    ),
  }));
  const open = (id: string | null, row?: R) => {
    if (config.form.kind === 'route') {
      const target = row ? config.form.open(row, locale) : config.form.add?.(locale);
      if (target) void navigate(target);
    } else if (config.form.kind === 'page') {
      void navigate(hrefTo(locale, 'formParameters', { id: id ?? undefined }));
    } else setEditing(id ?? 'new');
  };

  return (
    <>
      <TableView
        title={title}
        rows={list.data?.data ?? []}
        rowId={(row) => shownText(row[config.keys.id])}
        rowLabel={(row) => shownText(row[config.keys.label]) || shownText(row[config.keys.id])}
        columns={columns}
        total={list.data?.number_of_rows}
        pages={list.data?.number_of_pages ?? 0}
        capped={list.data?.number_of_rows_capped ?? false}
        loading={list.isFetching}
        state={state}
        onState={setState}
        sortOptions={Object.keys(entity.sorts).map((option) => ({
          value: option,
          label: t(`sort.options.${option}`),
        }))}
        sortable={Object.fromEntries(
          columns.flatMap((column) => {
            const option = Object.keys(entity.sorts).find((key) => entity.sorts[key] === column.key);
            return option ? [[column.key, option]] : [];
          }),
        )}
        defaultSort={{
          column: columns.some((column) => column.key === defaultSort.field) ? defaultSort.field : null,
          order: defaultSort.order,
        }}
        filters={filters}
        searchPlaceholder={t(`search.placeholder.${config.name}`)}
        rights={rights}
        onAdd={config.form.kind !== 'route' || config.form.add ? () => open(null) : undefined}
        onOpen={
          portal
            ? portal.openRow
            : rights.edit || (config.form.kind === 'route' && rights.read)
              ? (row) => open(shownText(row[config.keys.id]), row)
              : undefined
        }
        dateRange={config.dateRange}
        onDelete={
          config.readOnly
            ? undefined
            : async (ids) => {
                const answer = await remove.mutateAsync(ids);
                showToast('success', t('toast.successDelete', { count: answer.deleted }));
              }
        }
        deleting={remove.isPending}
        // Exports need a level on the table: clinic users read collectors and prescribers, never export.
        onExport={
          rights.read && !config.noExport ? (format, ids) => exporter.mutate({ format, ids }) : undefined
        }
        exporting={exporter.isPending}
        actions={actions?.(rights) ?? null}
      />
      {editing !== null && config.form.kind === 'modal' ? (
        <EntityFormModal
          config={config}
          fields={config.form.fields}
          title={title}
          id={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
