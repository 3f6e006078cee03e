import { ActionIcon, Group, Indicator, Menu } from '@mantine/core';
import {
  IconCheck,
  IconDotsVertical,
  IconFilter,
  IconPlus,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ExportChoices, ExportItems } from './export-menu';

export interface PhoneToolbarProps {
  /** The search field, which takes the room the buttons leave. */
  search: ReactNode;
  filters: { count: number; open: boolean; onToggle: () => void } | null;
  sort: {
    options: Array<{ value: string; label: string }>;
    value: string | null;
    order: 'ASC' | 'DESC';
    onSort: (value: string | null) => void;
    onOrder: (order: 'ASC' | 'DESC') => void;
  } | null;
  selectedCount: number;
  onDelete: (() => void) | null;
  onExport: ExportChoices['onExport'] | null;
  exporting: boolean;
  onAdd: (() => void) | null;
}

const check = (on: boolean) => (on ? <IconCheck size={14} /> : <span style={{ width: 14 }} />);

/**
 * A table's toolbar on a phone: one row, the search field and three buttons (filters, a menu with
 * the sort, export and delete, and add), instead of the desktop's four rows of labelled controls.
 * Every action of the desktop toolbar is here; the buttons the user's rights forbid are absent.
 */
export function PhoneToolbar(props: PhoneToolbarProps) {
  const { t } = useTranslation('tables');
  const { filters, sort } = props;
  const hasMenu = sort !== null || props.onExport !== null || props.onDelete !== null;
  return (
    <Group gap={6} wrap="nowrap" align="center" data-testid="table-toolbar" data-layout="phone">
      <div style={{ flex: '1 1 auto', minWidth: 0 }}>{props.search}</div>
      {filters ? (
        <Indicator label={filters.count} size={16} disabled={filters.count === 0} offset={4}>
          <ActionIcon
            size="input-sm"
            variant={filters.count > 0 ? 'light' : 'default'}
            onClick={filters.onToggle}
            aria-expanded={filters.open}
            aria-label={t('filters.toggle', { count: filters.count })}
            data-action="filters"
            data-count={filters.count}
          >
            <IconFilter size={18} />
          </ActionIcon>
        </Indicator>
      ) : null}
      {hasMenu ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              size="input-sm"
              variant="default"
              aria-label={t('actions.more')}
              loading={props.exporting}
              data-action="more"
            >
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          {/* A long menu scrolls inside the screen rather than running past its bottom. */}
          <Menu.Dropdown data-testid="table-menu" mah="calc(100dvh - 180px)" style={{ overflowY: 'auto' }}>
            {sort ? (
              <>
                <Menu.Label>{t('sort.label')}</Menu.Label>
                <Menu.Item
                  leftSection={check(sort.value === null)}
                  onClick={() => sort.onSort(null)}
                  data-sort=""
                >
                  {t('sort.default')}
                </Menu.Item>
                {sort.options.map((option) => (
                  <Menu.Item
                    key={option.value}
                    leftSection={check(sort.value === option.value)}
                    onClick={() => sort.onSort(option.value)}
                    data-sort={option.value}
                  >
                    {option.label}
                  </Menu.Item>
                ))}
                <Menu.Label>{t('sort.order')}</Menu.Label>
                {(['ASC', 'DESC'] as const).map((order) => (
                  <Menu.Item
                    key={order}
                    // With no option chosen the rows follow the default sort and its own order.
                    disabled={sort.value === null}
                    leftSection={
                      order === 'ASC' ? <IconSortAscending size={14} /> : <IconSortDescending size={14} />
                    }
                    rightSection={sort.order === order ? <IconCheck size={14} /> : null}
                    onClick={() => sort.onOrder(order)}
                    data-order={order}
                  >
                    {t(order === 'ASC' ? 'sort.asc' : 'sort.desc')}
                  </Menu.Item>
                ))}
              </>
            ) : null}
            {props.onExport ? (
              <>
                {sort ? <Menu.Divider /> : null}
                <ExportItems selectedCount={props.selectedCount} onExport={props.onExport} />
              </>
            ) : null}
            {props.onDelete ? (
              <>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={props.selectedCount === 0}
                  onClick={props.onDelete}
                  data-action="delete"
                >
                  {t('actions.delete_selected', { count: props.selectedCount })}
                </Menu.Item>
              </>
            ) : null}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {props.onAdd ? (
        <ActionIcon size="input-sm" onClick={props.onAdd} aria-label={t('actions.add')} data-action="add">
          <IconPlus size={18} />
        </ActionIcon>
      ) : null}
    </Group>
  );
}
