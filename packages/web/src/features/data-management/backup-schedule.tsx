import { Alert, Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import type { BackupSchedule } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/dates';
import { errorMessage, notifyApiError, showToast } from '../../lib/notify';
import { useBackupSchedule, useSetBackupSchedule } from './api';

type Settings = Omit<BackupSchedule, 'last_run_at' | 'last_failure_at' | 'last_failure_code'>;

/** The form once the saved schedule is known, so that its fields start from it. */
function ScheduleForm({ saved }: { saved: BackupSchedule }) {
  const { t, i18n } = useTranslation('records');
  const [settings, setSettings] = useState<Settings>({
    schedule_enabled: saved.schedule_enabled,
    schedule_hour: saved.schedule_hour,
    keep_daily: saved.keep_daily,
    keep_weekly: saved.keep_weekly,
    keep_monthly: saved.keep_monthly,
  });
  const saving = useSetBackupSchedule();
  const count = (key: 'schedule_hour' | 'keep_daily' | 'keep_weekly' | 'keep_monthly', max: number) => (
    <NumberInput
      label={t(`backups.${key}`)}
      value={settings[key]}
      min={0}
      max={max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      w={180}
      onChange={(value) => setSettings((current) => ({ ...current, [key]: Number(value) || 0 }))}
      data-field={key}
    />
  );
  const save = () =>
    saving.mutate(settings, {
      onSuccess: () => showToast('success', t('backups.schedule_saved')),
      onError: notifyApiError,
    });
  return (
    <Stack gap="sm" data-backup-schedule>
      <Switch
        label={t('backups.schedule_enabled')}
        checked={settings.schedule_enabled}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          setSettings((current) => ({ ...current, schedule_enabled: checked }));
        }}
        data-field="schedule_enabled"
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        {count('schedule_hour', 23)}
        {count('keep_daily', 366)}
        {count('keep_weekly', 520)}
        {count('keep_monthly', 240)}
        <Button
          variant="default"
          loading={saving.isPending}
          onClick={save}
          data-action="save-backup-schedule"
        >
          {t('backups.schedule_save')}
        </Button>
      </Group>
      {saved.last_failure_at ? (
        <Alert color="red" variant="light" data-backup-failure>
          {t('backups.schedule_failed', {
            date: formatDateTime(saved.last_failure_at, i18n.language),
            reason: errorMessage(saved.last_failure_code ?? 'unexpectedError'),
          })}
        </Alert>
      ) : saved.last_run_at ? (
        <Text size="sm" c="dimmed">
          {t('backups.schedule_last', { date: formatDateTime(saved.last_run_at, i18n.language) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The daily backup and its retention policy (decision 0008), set by the administrator. */
export function BackupScheduleSettings() {
  const schedule = useBackupSchedule(true);
  return schedule.data ? <ScheduleForm saved={schedule.data} /> : null;
}
