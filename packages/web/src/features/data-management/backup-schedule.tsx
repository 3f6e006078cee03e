import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { type BackupSchedule, SetBackupScheduleBody } from '@sil/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { NumberField } from '../../lib/form/number-field';
import { formatDateTime } from '../../lib/format/dates';
import { errorMessage, notifyApiError, showToast } from '../../lib/notify';
import { useBackupSchedule, useSetBackupSchedule } from './api';

type Count = 'schedule_hour' | 'keep_daily' | 'keep_weekly' | 'keep_monthly';

/** What the inputs hold: an emptied count stays empty until it is typed again. */
type ScheduleDraft = { schedule_enabled: boolean } & Record<Count, number | ''>;

/** The draft checked by the call's own body: an empty count is missing, not zero. */
const ScheduleFields = z
  .custom<ScheduleDraft>()
  .transform(
    (draft): z.input<typeof SetBackupScheduleBody> => ({
      schedule_enabled: draft.schedule_enabled,
      schedule_hour: draft.schedule_hour === '' ? Number.NaN : draft.schedule_hour,
      keep_daily: draft.keep_daily === '' ? Number.NaN : draft.keep_daily,
      keep_weekly: draft.keep_weekly === '' ? Number.NaN : draft.keep_weekly,
      keep_monthly: draft.keep_monthly === '' ? Number.NaN : draft.keep_monthly,
    }),
  )
  .pipe(SetBackupScheduleBody);

/** The form once the saved schedule is known, so that its fields start from it. */
function ScheduleForm({ saved }: { saved: BackupSchedule }) {
  const { t, i18n } = useTranslation('records');
  const { t: tTables } = useTranslation('tables');
  const saving = useSetBackupSchedule();
  const form = useForm<ScheduleDraft, unknown, z.output<typeof SetBackupScheduleBody>>({
    resolver: schemaResolver(ScheduleFields),
    defaultValues: {
      schedule_enabled: saved.schedule_enabled,
      schedule_hour: saved.schedule_hour,
      keep_daily: saved.keep_daily,
      keep_weekly: saved.keep_weekly,
      keep_monthly: saved.keep_monthly,
    },
  });
  const { errors } = form.formState;
  const count = (key: Count, max: number) => (
    <Controller
      control={form.control}
      name={key}
      render={({ field }) => (
        <NumberField
          label={t(`backups.${key}`)}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={issueText(tTables, errors[key]?.message)}
          min={0}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          w={180}
          data-field={key}
        />
      )}
    />
  );
  const save = form.handleSubmit((body) =>
    saving.mutate(body, {
      onSuccess: () => showToast('success', t('backups.schedule_saved')),
      onError: notifyApiError,
    }),
  );
  return (
    <Stack gap="sm" data-backup-schedule>
      <Controller
        control={form.control}
        name="schedule_enabled"
        render={({ field }) => (
          <Switch
            label={t('backups.schedule_enabled')}
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            data-field="schedule_enabled"
          />
        )}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        {count('schedule_hour', 23)}
        {count('keep_daily', 366)}
        {count('keep_weekly', 520)}
        {count('keep_monthly', 240)}
        <Button
          variant="default"
          loading={saving.isPending}
          onClick={() => void save()}
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
