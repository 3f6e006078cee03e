import { Alert, Button, Center, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { ADMIN_KEYS, type AdminRow, SPECIAL_RIGHTS } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { StaleAlert } from '../../../lib/form/stale-alert';
import { notifyApiError, showToast } from '../../../lib/notify';
import { useAdmin, useUpdateAdminAccess } from '../api';
import { RightsGrid, type RightsValues, rightsValuesOf } from './rights-grid';

/**
 * A user's rights and account state. Rights of external and prescriber users cannot be changed
 * (cannotUpdateRightsOfExternalUser): the form says why and offers only disabling the account.
 */
function RightsForm({
  user,
  onClose,
  onReload,
}: {
  user: AdminRow;
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation('tables');
  const [initial] = useState(() => rightsValuesOf(user.rights));
  const [rights, setRights] = useState<RightsValues>(initial);
  const [disabled, setDisabled] = useState(user.user_disabled);
  const [stale, setStale] = useState(false);
  const internal = user.user_type === 'internal';
  const saving = useUpdateAdminAccess();
  const save = () => {
    const changed: Partial<RightsValues> = {};
    // Only the rights that changed are sent, and none for a user whose rights are not editable.
    if (internal) {
      for (const key of ADMIN_KEYS) if (rights[key] !== initial[key]) changed[key] = rights[key];
      for (const key of SPECIAL_RIGHTS) if (rights[key] !== initial[key]) changed[key] = rights[key];
    }
    const body = {
      admin_uid: user.admin_uid,
      admin_last_updated: user.admin_last_updated,
      ...(disabled !== user.user_disabled ? { user_disabled: disabled } : {}),
      ...changed,
    };
    // mutateAsync, not mutate's callbacks: the saved user is read again and this form, keyed by its
    // last update, is replaced before mutate's callbacks would run, and they never would.
    saving.mutateAsync(body).then(
      () => {
        showToast('success', t('toast.successUpdate'));
        onClose();
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'staleUpdate') setStale(true);
        else notifyApiError(error);
      },
    );
  };
  return (
    <Stack>
      {stale ? <StaleAlert onReload={onReload} /> : null}
      <Text size="sm" c="dimmed">
        {user.user_email} · {t(`users.types.${user.user_type}`)}
      </Text>
      {internal ? null : (
        <Alert color="blue" data-testid="rights-locked">
          {t('users.rights_locked')}
        </Alert>
      )}
      <RightsGrid value={rights} onChange={setRights} disabled={!internal} />
      <Switch
        label={t('users.disabled')}
        color="red"
        checked={disabled}
        onChange={(event) => setDisabled(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button loading={saving.isPending} onClick={save} data-action="save">
          {t('actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

export function RightsModal({ uid, onClose }: { uid: string; onClose: () => void }) {
  const { t } = useTranslation('tables');
  const current = useAdmin(uid);
  const user = current.data;
  return (
    <Modal opened onClose={onClose} size="xl" title={`${t('users.rights')} · ${user?.user_name ?? ''}`}>
      {user ? (
        <RightsForm
          key={user.admin_last_updated}
          user={user}
          onClose={onClose}
          onReload={() => void current.refetch()}
        />
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
