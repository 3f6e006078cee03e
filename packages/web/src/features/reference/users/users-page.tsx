import { Badge, Button } from '@mantine/core';
import { type AdminRow, fileRoutes, type WebLocale } from '@sil/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialListState, type ListState } from '../../../lib/table/list-state';
import { useTableRights } from '../../../lib/table/rights';
import { TableView } from '../../../lib/table/table-view';
import type { ColumnView } from '../../../lib/table/types';
import { useExport } from '../../../lib/table/use-export';
import { useAdmins } from '../api';
import { NewUserModal } from './new-user-modal';
import { RightsModal } from './rights-modal';
import { RightsSummary } from './rights-summary';

const USER_TYPES = ['internal', 'external', 'prescriber'] as const;

/**
 * The users table (spec.md §2, §6): the list answers every user at once sorted by name, so search,
 * the type filter and paging happen here. Users are never deleted, only disabled.
 */
export function UsersPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation('tables');
  const { t: tMain } = useTranslation();
  const { read, edit } = useTableRights('admin_access');
  const admins = useAdmins();
  const exporter = useExport(fileRoutes.exportUsers.path, 'users');
  const [state, setState] = useState<ListState>(initialListState);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const search = state.search.trim().toLowerCase();
  const types = state.filters.user_type ?? [];
  const matching = (admins.data ?? []).filter(
    (user) =>
      (search === '' || `${user.user_name} ${user.user_email}`.toLowerCase().includes(search)) &&
      (types.length === 0 || types.includes(user.user_type)),
  );
  const pages = Math.ceil(matching.length / state.pageSize);
  const shown = matching.slice((state.page - 1) * state.pageSize, state.page * state.pageSize);

  const columns: ColumnView<AdminRow>[] = [
    { key: 'user_name', label: t('fields.user_name'), render: (user) => user.user_name },
    { key: 'user_email', label: t('fields.user_email'), render: (user) => user.user_email },
    {
      key: 'user_type',
      label: t('fields.user_type'),
      render: (user) => {
        const account = user.external_account_type
          ? ` · ${t(`users.account_types.${user.external_account_type}`)}`
          : '';
        return `${t(`users.types.${user.user_type}`)}${account}`;
      },
    },
    {
      key: 'rights',
      label: t('users.rights'),
      render: (user) => <RightsSummary user={user} />,
    },
    {
      key: 'user_disabled',
      label: t('users.state'),
      render: (user) =>
        // A badge clips its text to the cell; the state must read in full, even in a narrow column.
        user.user_disabled ? (
          <Badge color="red" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
            {t('users.disabled_short')}
          </Badge>
        ) : (
          <Badge color="green" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
            {t('users.active')}
          </Badge>
        ),
    },
  ];

  return (
    <>
      <TableView
        title={tMain('title.users')}
        rows={shown}
        rowId={(user) => user.admin_uid}
        rowLabel={(user) => user.user_name}
        columns={columns}
        total={matching.length}
        pages={pages}
        loading={admins.isFetching}
        state={state}
        onState={setState}
        sortOptions={[]}
        // spec.md §9: users are listed by name, A to Z, with no other sort.
        sortable={{}}
        defaultSort={{ column: 'user_name', order: 'ASC' }}
        filters={[
          {
            column: 'user_type',
            label: t('fields.user_type'),
            multiple: true,
            choices: USER_TYPES.map((value) => ({ value, label: t(`users.types.${value}`) })),
          },
        ]}
        searchPlaceholder={t('search.placeholder.users')}
        rights={{ read, edit, remove: false }}
        onOpen={edit ? (user) => setEditing(user.admin_uid) : undefined}
        onExport={(format, ids) => exporter.mutate({ format, ids })}
        exporting={exporter.isPending}
        actions={
          edit ? (
            <Button
              leftSection={<IconUserPlus size={16} />}
              onClick={() => setAdding(true)}
              data-action="add"
            >
              {t('users.new')}
            </Button>
          ) : null
        }
      />
      {editing ? <RightsModal uid={editing} onClose={() => setEditing(null)} /> : null}
      {adding ? <NewUserModal locale={locale} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
