import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  PasswordInput,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type BackupRow, RestoreBackupBody, SetBackupPassphraseBody } from '@sil/contract';
import { IconDatabaseExport, IconDownload, IconKey, IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { formatDateTime } from '../../lib/format/dates';
import { notifyApiError, showToast } from '../../lib/notify';
import { useTableRights } from '../../lib/table/rights';
import {
  useAddBackup,
  useBackupKey,
  useBackups,
  useDownloadBackup,
  useRestoreBackup,
  useSetBackupPassphrase,
} from './api';
import { BackupScheduleSettings } from './backup-schedule';

/** The contract's lower bound, said to the administrator before the server refuses it. */
const MIN_PASSPHRASE = 12;

/** The passphrase as the call takes it, typed a second time the same. */
const PassphraseForm = SetBackupPassphraseBody.extend({ again: z.string() }).refine(
  (typed) => typed.again === typed.passphrase,
  { path: ['again'], message: 'differ' },
);
type PassphraseDraft = z.input<typeof PassphraseForm>;

/** The passphrase a restore is sent with (the backup is the one the modal was opened for). */
const RestorePassphrase = RestoreBackupBody.pick({ passphrase: true });
type RestoreDraft = z.input<typeof RestorePassphrase>;

function sizeText(bytes: number, t: (key: string, options: { size: string }) => string, locale: string) {
  if (bytes < 1024 * 1024) return t('uploads.size_kb', { size: String(Math.ceil(bytes / 1024)) });
  return t('uploads.size_mb', {
    size: (bytes / 1048576).toLocaleString(locale, { maximumFractionDigits: 1 }),
  });
}

/** Sets (or changes) the backup passphrase, typed twice; then runs what was waiting for it. */
function PassphraseModal({
  opened,
  onClose,
  onSet,
}: {
  opened: boolean;
  onClose: () => void;
  onSet: () => void;
}) {
  const { t } = useTranslation('records');
  const setting = useSetBackupPassphrase();
  // Checked as typed: the administrator sees a short or differing passphrase before saving.
  const form = useForm<PassphraseDraft, unknown, z.output<typeof PassphraseForm>>({
    resolver: schemaResolver(PassphraseForm),
    defaultValues: { passphrase: '', again: '' },
    mode: 'onChange',
  });
  const [first, second] = useWatch({ control: form.control, name: ['passphrase', 'again'] });
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    onClose();
  };
  const save = form.handleSubmit(({ passphrase }) =>
    setting.mutate(
      { passphrase },
      {
        onSuccess: () => {
          showToast('success', t('backups.passphrase_set'));
          close();
          onSet();
        },
        onError: notifyApiError,
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={close} title={t('backups.passphrase_title')}>
      <Stack>
        <Text size="sm">{t('backups.passphrase_text')}</Text>
        <Alert color="orange" variant="light">
          {t('backups.passphrase_warning')}
        </Alert>
        <PasswordInput
          label={t('backups.passphrase')}
          {...form.register('passphrase', { deps: ['again'] })}
          error={errors.passphrase && first ? t('backups.passphrase_short', { count: MIN_PASSPHRASE }) : null}
          autoComplete="new-password"
          data-field="backup-passphrase"
        />
        <PasswordInput
          label={t('backups.passphrase_again')}
          {...form.register('again')}
          error={errors.again && second ? t('backups.passphrase_differ') : null}
          autoComplete="new-password"
          data-field="backup-passphrase-again"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.close')}
          </Button>
          <Button
            loading={setting.isPending}
            disabled={first.length < MIN_PASSPHRASE || first !== second}
            onClick={() => void save()}
            data-action="set-backup-passphrase"
          >
            {t('backups.passphrase_save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Restores one backup with its passphrase, then says what the manifest counted and what came back. */
function RestoreModal({ backup, onClose }: { backup: BackupRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('records');
  const restoring = useRestoreBackup();
  const form = useForm<RestoreDraft, unknown, z.output<typeof RestorePassphrase>>({
    resolver: schemaResolver(RestorePassphrase),
    defaultValues: { passphrase: '' },
  });
  const passphrase = useWatch({ control: form.control, name: 'passphrase' });
  // The restore's answer is the report shown in place of the form until the modal is closed.
  const report = restoring.data;
  const close = () => {
    form.reset();
    restoring.reset();
    onClose();
  };
  const restore = form.handleSubmit(({ passphrase: typed }) => {
    if (!backup) return;
    restoring.mutate({ backup_id: backup.backup_id, passphrase: typed }, { onError: notifyApiError });
  });
  const putBack = report
    ? Object.entries(report.restore_tables).filter(([, count]) => count.written > 0)
    : [];
  const rows = putBack.reduce((sum, [, count]) => sum + count.written, 0);
  return (
    <Modal opened={backup !== null} onClose={close} title={t('backups.restore_title')}>
      {report ? (
        <Stack data-restore-report>
          <Text>{t('backups.restored', { rows, files: report.restore_files.written })}</Text>
          {putBack.length > 0 ? (
            <List size="sm">
              {putBack.map(([table, count]) => (
                <List.Item key={table}>
                  {t('backups.restored_table', { table, written: count.written, expected: count.expected })}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t('backups.nothing_lost')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            {t('backups.restore_text', { date: formatDateTime(backup?.backup_created, i18n.language) })}
          </Text>
          <PasswordInput
            label={t('backups.passphrase')}
            {...form.register('passphrase')}
            autoComplete="off"
            data-field="restore-passphrase"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.close')}
            </Button>
            <Button
              color="orange"
              loading={restoring.isPending}
              disabled={passphrase === ''}
              onClick={() => void restore()}
              data-action="confirm-restore"
            >
              {t('backups.restore')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The laboratory's backups (administrators, admin_access 3; docs/decisions/0008-backups.md): the
 * passphrase they are encrypted with, the list with date and size, make one, download one, put
 * back what the laboratory lost from one.
 */
export function BackupsCard() {
  const { t, i18n } = useTranslation('records');
  const { remove: administrator } = useTableRights('admin_access');
  const backups = useBackups(administrator);
  const key = useBackupKey(administrator);
  const adding = useAddBackup();
  const downloading = useDownloadBackup();
  const [askingPassphrase, setAskingPassphrase] = useState<'change' | 'backup' | null>(null);
  const [restoring, setRestoring] = useState<BackupRow | null>(null);
  if (!administrator) return null;

  const makeBackup = () =>
    adding.mutate(undefined, {
      onSuccess: (row) =>
        showToast(
          'success',
          t('backups.made'),
          t('backups.made_text', {
            rows: Object.values(row.backup_tables).reduce((sum, n) => sum + n, 0),
            files: row.backup_files,
          }),
        ),
      onError: notifyApiError,
    });
  const keySet = key.data?.backup_key_set === true;
  // A store that cannot be reached is said so, not shown as a laboratory without backups or key;
  // nothing is offered before both are known (a new passphrase would replace the key).
  const unreachable = backups.isError || key.isError;
  const known = backups.isSuccess && key.isSuccess;

  return (
    <Card withBorder data-card="backups">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>{t('backups.title')}</Title>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              disabled={!known}
              onClick={() => setAskingPassphrase('change')}
              data-action="change-backup-passphrase"
            >
              {keySet ? t('backups.passphrase_change') : t('backups.passphrase_title')}
            </Button>
            <Button
              leftSection={<IconDatabaseExport size={16} />}
              loading={adding.isPending}
              disabled={!known}
              onClick={() => (keySet ? makeBackup() : setAskingPassphrase('backup'))}
              data-action="add-backup"
            >
              {t('backups.make')}
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t('backups.hint')}
        </Text>
        {unreachable ? (
          <Text size="sm" c="red" data-backups="unreachable">
            {t('backups.unreachable')}
          </Text>
        ) : !key.isSuccess ? null : (
          <Text size="sm" data-backup-key={keySet ? 'set' : 'unset'}>
            {keySet
              ? t('backups.key_set', {
                  date: formatDateTime(key.data?.backup_key_created, i18n.language),
                  fingerprint: key.data?.backup_key_fingerprint,
                })
              : t('backups.key_unset')}
          </Text>
        )}
        <BackupScheduleSettings />
        {!backups.isSuccess ? null : backups.data.length === 0 ? (
          <Text c="dimmed">{t('backups.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table striped data-table="backups">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('backups.date')}</Table.Th>
                  <Table.Th>{t('backups.size')}</Table.Th>
                  <Table.Th>{t('backups.files')}</Table.Th>
                  <Table.Th>{t('backups.key')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {backups.data.map((row) => (
                  <Table.Tr key={row.backup_id} data-backup={row.backup_id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {formatDateTime(row.backup_created, i18n.language)}
                        {row.backup_scheduled ? (
                          <Badge size="xs" variant="outline" style={{ textTransform: 'none' }}>
                            {t('backups.scheduled')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{sizeText(row.backup_size, t, i18n.language)}</Table.Td>
                    <Table.Td>{row.backup_files}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={
                          row.backup_key_fingerprint === key.data?.backup_key_fingerprint ? 'teal' : 'gray'
                        }
                        title={t('backups.key_hint')}
                        style={{ textTransform: 'none' }}
                      >
                        {row.backup_key_fingerprint.slice(0, 9)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconDownload size={14} />}
                          loading={downloading.isPending && downloading.variables === row.backup_id}
                          onClick={() => downloading.mutate(row.backup_id)}
                          data-action="download-backup"
                        >
                          {t('backups.download')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="orange"
                          leftSection={<IconRestore size={14} />}
                          onClick={() => setRestoring(row)}
                          data-action="restore-backup"
                        >
                          {t('backups.restore')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <PassphraseModal
        opened={askingPassphrase !== null}
        onClose={() => setAskingPassphrase(null)}
        onSet={() => {
          if (askingPassphrase === 'backup') makeBackup();
        }}
      />
      <RestoreModal backup={restoring} onClose={() => setRestoring(null)} />
    </Card>
  );
}
