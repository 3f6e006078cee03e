import { entities, type WebLocale } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../lib/notify';
import { initialListState, type ListState } from '../../lib/table/list-state';
import { useTableRights } from '../../lib/table/rights';
import { type Row, textOf } from '../../lib/table/rows';
import { TableView } from '../../lib/table/table-view';
import type { ColumnView } from '../../lib/table/types';
import { useDeleteRows } from '../../lib/table/use-delete-rows';
import { useExport } from '../../lib/table/use-export';
import { useTableList } from '../../lib/table/use-table-list';
import { useSession } from '../../lib/use-session';
import { CellValue } from './cell-value';
import { EntityFormModal } from './entity-form-modal';
import { NabmImportButton } from './nabm-import-button';
import type { ReferenceTableConfig } from './table-config';
import { useTableFilters } from './use-table-filters';

/** The table page of one reference table, driven by its configuration object. */
export function ReferenceTablePage({ config, locale }: { config: ReferenceTableConfig; locale: WebLocale }) {
  const { t } = useTranslation('tables');
  const { t: tMain } = useTranslation();
  const navigate = useNavigate();
  const { entity } = config;
  const rights = useTableRights(entity.permission);
  const [state, setState] = useState<ListState>(initialListState);
  // null: no form open; 'new': adding; otherwise the id of the row being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const list = useTableList(entity, state);
  const remove = useDeleteRows(entity);
  const exporter = useExport(entity.paths.export, entity.table);
  const filters = useTableFilters(entity, config);
  const title = tMain(`title.${config.name}`);

  // A column naming rows of a table the user may not read (a clinic user's collectors: their
  // clinic) would show only dashes, as if nothing were set: it is left out instead.
  const { rights: session } = useSession();
  const readable = config.columns.filter(
    (column) =>
      typeof column.format !== 'object' ||
      (session?.[entities[column.format.reference].permission] ?? 0) >= 1,
  );
  const columns: ColumnView[] = readable.map((column) => ({
    key: column.field,
    label: t(`fields.${column.field}`),
    render: (row: Row) => <CellValue format={column.format} value={row[column.field]} />,
  }));
  const open = (id: string | null, row?: Row) => {
    if (config.form.kind === 'route') {
      const target = row ? config.form.open(row) : config.form.add;
      if (target) void navigate(`/${locale}/${target}`);
    } else if (config.form.kind === 'page') {
      void navigate(`/${locale}/form/parameters${id ? `/${encodeURIComponent(id)}` : ''}`);
    } else setEditing(id ?? 'new');
  };

  return (
    <>
      <TableView
        title={title}
        rows={list.data?.data ?? []}
        rowId={(row) => textOf(row, entity.idField) ?? ''}
        rowLabel={(row) => textOf(row, entity.labelField) ?? textOf(row, entity.idField) ?? ''}
        columns={columns}
        total={list.data?.number_of_rows ?? 0}
        pages={list.data?.number_of_pages ?? 0}
        loading={list.isFetching}
        state={state}
        onState={setState}
        sortOptions={Object.keys(entity.sorts).map((option) => ({
          value: option,
          label: t(`sort.options.${option}`),
        }))}
        filters={filters}
        searchPlaceholder={t(`search.placeholder.${config.name}`)}
        rights={rights}
        onAdd={config.form.kind !== 'route' || config.form.add ? () => open(null) : undefined}
        onOpen={
          rights.edit || (config.form.kind === 'route' && rights.read)
            ? (row) => open(textOf(row, entity.idField), row)
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
        actions={config.importNabms && rights.edit ? <NabmImportButton /> : null}
      />
      {editing !== null && config.form.kind === 'modal' ? (
        <EntityFormModal
          entity={entity}
          fields={config.form.fields}
          title={title}
          id={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
