import { Alert, Button, Center, Group, Loader, Modal, Stack, Switch, Text } from '@mantine/core';
import { ADMIN_KEYS, type AdminRow, SPECIAL_RIGHTS, UpdateAdminAccessBody } from '@sil/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { schemaResolver } from '../../../lib/form/form-resolver';
import { StaleAlert } from '../../../lib/form/stale-alert';
import { notifyApiError, showToast } from '../../../lib/notify';
import { useAdmin, useUpdateAdminAccess } from '../api';
import { RightsGrid, type RightsValues, rightsValuesOf } from './rights-grid';

/** What the form holds: the rights as the grid shows them and the account's state. */
interface RightsDraft {
  rights: RightsValues;
  user_disabled: boolean;
}

type UpdateAccess = ReturnType<typeof useUpdateAdminAccess>;

/**
 * The draft checked by the call's own body, as sent: only what changed, and no rights for a user
 * whose rights are not editable.
 */
function accessBodyOf(user: AdminRow) {
  const initial = rightsValuesOf(user.rights);
  return z
    .custom<RightsDraft>()
    .transform((draft): z.input<typeof UpdateAdminAccessBody> => {
      const changed: Partial<RightsValues> = {};
      if (user.user_type === 'internal') {
        for (const key of ADMIN_KEYS)
          if (draft.rights[key] !== initial[key]) changed[key] = draft.rights[key];
        for (const key of SPECIAL_RIGHTS)
          if (draft.rights[key] !== initial[key]) changed[key] = draft.rights[key];
      }
      return {
        admin_uid: user.admin_uid,
        admin_last_updated: user.admin_last_updated,
        ...(draft.user_disabled !== user.user_disabled ? { user_disabled: draft.user_disabled } : {}),
        ...changed,
      };
    })
    .pipe(UpdateAdminAccessBody);
}

/**
 * A user's rights and account state. Rights of external and prescriber users cannot be changed
 * (cannotUpdateRightsOfExternalUser): the form says why and offers only disabling the account.
 */
function RightsForm({
  user,
  saving,
  onSave,
  onClose,
  onReload,
}: {
  user: AdminRow;
  saving: UpdateAccess;
  onSave: (body: z.output<typeof UpdateAdminAccessBody>) => void;
  onClose: () => void;
  onReload: () => void;
}) {
  const { t } = useTranslation('tables');
  const form = useForm<RightsDraft, unknown, z.output<typeof UpdateAdminAccessBody>>({
    resolver: schemaResolver(accessBodyOf(user)),
    defaultValues: { rights: rightsValuesOf(user.rights), user_disabled: user.user_disabled },
  });
  const internal = user.user_type === 'internal';
  const stale = saving.error instanceof ApiError && saving.error.code === 'staleUpdate';
  const save = form.handleSubmit(onSave);
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
      <Controller
        control={form.control}
        name="rights"
        render={({ field }) => (
          <RightsGrid value={field.value} onChange={field.onChange} disabled={!internal} />
        )}
      />
      <Controller
        control={form.control}
        name="user_disabled"
        render={({ field }) => (
          <Switch
            label={t('users.disabled')}
            color="red"
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
          />
        )}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button loading={saving.isPending} onClick={() => void save()} data-action="save">
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
  // The mutation lives here, not in the form: the saved user is read again and the form, keyed by
  // its last update, is replaced before the save's callbacks run; here they still do.
  const saving = useUpdateAdminAccess();
  const save = (body: z.output<typeof UpdateAdminAccessBody>) =>
    saving.mutate(body, {
      onSuccess: () => {
        showToast('success', t('toast.successUpdate'));
        onClose();
      },
      onError: (error) => {
        // A stale stamp is said by the form's alert, which offers to read the user again.
        if (!(error instanceof ApiError && error.code === 'staleUpdate')) notifyApiError(error);
      },
    });
  return (
    <Modal opened onClose={onClose} size="xl" title={`${t('users.rights')} · ${user?.user_name ?? ''}`}>
      {user ? (
        <RightsForm
          key={user.admin_last_updated}
          user={user}
          saving={saving}
          onSave={save}
          onClose={onClose}
          onReload={() => {
            saving.reset();
            void current.refetch();
          }}
        />
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
