import { Badge, Button, Card, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  AcceptCiqRunBody,
  AddCiqValuesBody,
  type CiqRun,
  type CiqSettingRow,
  hrefTo,
  type WebLocale,
} from '@sil/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { NumberField } from '../../lib/form/number-field';
import { formatDateTime } from '../../lib/format/dates';
import { notifyApiError, showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useSession } from '../../lib/use-session';
import { useAcceptCiqRun, useAddCiqValues, useCreateCiqRun, useMachineCiq, useSendCiqRun } from './api';
import { LeveyJenningsChart, RuleBadges } from './levey-jennings';
import { CiqTargets } from './targets';

const STATUS_COLORS = { pending: 'gray', passed: 'teal', rejected: 'red', accepted: 'orange' } as const;

const settingLabel = (setting: CiqSettingRow) =>
  `${setting.analysis_name} · ${setting.parameter_name} · ${setting.ciq_level} · ${setting.ciq_lot}`;

/** What the inputs hold: one line per target, its value empty until typed. */
interface ValuesDraft {
  ciq_run_id: string;
  values: { ciq_setting_id: string; ciq_value: number | '' }[];
}

/** The draft checked by the call's own body: only the typed values are sent. */
const ValuesFields = z
  .custom<ValuesDraft>()
  .transform(
    (draft): z.input<typeof AddCiqValuesBody> => ({
      ciq_run_id: draft.ciq_run_id,
      values: draft.values.flatMap(({ ciq_setting_id, ciq_value }) =>
        ciq_value === '' ? [] : [{ ciq_setting_id, ciq_value }],
      ),
    }),
  )
  .pipe(AddCiqValuesBody);

/** The control values of a run still waiting for them, one field per target. */
function ValuesForm({ run, save }: { run: CiqRun; save: ReturnType<typeof useAddCiqValues> }) {
  const { t } = useTranslation('records');
  const { t: tTables } = useTranslation('tables');
  const form = useForm<ValuesDraft, unknown, z.output<typeof AddCiqValuesBody>>({
    resolver: schemaResolver(ValuesFields),
    defaultValues: {
      ciq_run_id: run.ciq_run_id,
      values: run.settings.map((setting) => ({ ciq_setting_id: setting.ciq_setting_id, ciq_value: '' })),
    },
  });
  const lines = useWatch({ control: form.control, name: 'values' });
  const typed = lines.filter((line) => typeof line.ciq_value === 'number');
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (answer) => {
        const rejected = (answer as CiqRun).ciq_run_status === 'rejected';
        showToast(rejected ? 'error' : 'success', t(rejected ? 'ciq.run_rejected' : 'ciq.values_saved'));
      },
      onError: notifyApiError,
    }),
  );
  return (
    <Stack gap="xs">
      {run.settings.map((setting, index) => (
        <Controller
          key={setting.ciq_setting_id}
          control={form.control}
          name={`values.${index}.ciq_value`}
          render={({ field }) => (
            <NumberField
              label={settingLabel(setting)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={issueText(tTables, errors.values?.[index]?.ciq_value?.message)}
              data-ciq-value={`${setting.ciq_level}`}
              maw={420}
            />
          )}
        />
      ))}
      <Group>
        <Button
          disabled={typed.length === 0}
          loading={save.isPending}
          data-action="save-ciq-values"
          onClick={() => void submit()}
        >
          {t('ciq.save_values')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A biologist accepts a rejected run, saying why; the reason is kept with the run. */
function AcceptForm({ run, accept }: { run: CiqRun; accept: ReturnType<typeof useAcceptCiqRun> }) {
  const { t } = useTranslation('records');
  const { t: tTables } = useTranslation('tables');
  const form = useForm<z.input<typeof AcceptCiqRunBody>, unknown, z.output<typeof AcceptCiqRunBody>>({
    resolver: schemaResolver(AcceptCiqRunBody),
    defaultValues: { ciq_run_id: run.ciq_run_id, ciq_run_accept_reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'ciq_run_accept_reason' });
  const submit = form.handleSubmit((body) =>
    accept.mutate(body, {
      onSuccess: () => showToast('success', t('ciq.run_accepted')),
      onError: notifyApiError,
    }),
  );
  return (
    <Stack gap="xs">
      <Textarea
        label={t('ciq.accept_reason')}
        {...form.register('ciq_run_accept_reason')}
        error={issueText(tTables, form.formState.errors.ciq_run_accept_reason?.message)}
        autosize
        minRows={2}
        maxLength={2000}
        data-field="ciq_run_accept_reason"
      />
      <Group>
        <Button
          color="orange"
          disabled={reason.trim() === ''}
          loading={accept.isPending}
          data-action="accept-ciq-run"
          onClick={() => void submit()}
        >
          {t('ciq.accept')}
        </Button>
      </Group>
    </Stack>
  );
}

function RunCard({ run, current }: { run: CiqRun; current: boolean }) {
  const { t, i18n } = useTranslation('records');
  const { rights } = useSession();
  // The card outlives its forms (a saved run leaves 'pending'): the mutations live here, so that
  // their outcome is still told once the form has gone.
  const sendRun = useSendCiqRun();
  const save = useAddCiqValues();
  const accept = useAcceptCiqRun();
  const rules = [...new Set(run.values.flatMap((value) => value.ciq_rules))];
  return (
    <Card withBorder padding="sm" data-ciq-run={run.ciq_run_id} data-ciq-run-status={run.ciq_run_status}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="xs">
          <Badge color={STATUS_COLORS[run.ciq_run_status]} variant="light">
            {t(`ciq.status.${run.ciq_run_status}`)}
          </Badge>
          <Text size="sm">{formatDateTime(run.ciq_run_created_at, i18n.language)}</Text>
          <RuleBadges rules={rules} />
        </Group>
        {run.values.length > 0 ? (
          <Button
            size="xs"
            variant="default"
            loading={sendRun.isPending}
            disabled={run.ciq_run_sent_at !== null}
            onClick={() =>
              sendRun.mutate(run.ciq_run_id, {
                onSuccess: () => showToast('success', t('ciq.sent')),
                onError: notifyApiError,
              })
            }
          >
            {run.ciq_run_sent_at ? t('ciq.sent') : t('ciq.send')}
          </Button>
        ) : null}
      </Group>
      {run.ciq_run_status === 'accepted' ? (
        <Text size="sm" data-ciq-accept-reason>
          {t('ciq.accepted_because', { reason: run.ciq_run_accept_reason ?? '' })}
        </Text>
      ) : null}
      {run.ciq_run_status === 'rejected' ? (
        <Stack gap="xs">
          <Text size="sm" c="red">
            {t('ciq.rejected_hold')}
          </Text>
          {rights?.validation_admin ? <AcceptForm run={run} accept={accept} /> : null}
        </Stack>
      ) : null}
      {current && run.ciq_run_status === 'pending' ? <ValuesForm run={run} save={save} /> : null}
    </Card>
  );
}

/** ciq/{machineId?}: a machine's control runs, their Westgard reading and the Levey-Jennings charts. */
export function CiqPage({ locale, machineId }: { locale: WebLocale; machineId: string | null }) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const machines = useLoadAll('machines');
  const ciq = useMachineCiq(machineId);
  const create = useCreateCiqRun();
  const [chosen, setChosen] = useState<string | null>(null);
  const settings = ciq.data?.settings ?? [];
  const runs = ciq.data?.runs ?? [];
  const settingId = chosen ?? settings[0]?.ciq_setting_id ?? null;

  return (
    <Stack>
      <PageHeader
        title={t('ciq.title')}
        subtitle={t('ciq.subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={18} />}
            disabled={machineId === null || settings.length === 0}
            loading={create.isPending}
            data-action="new-ciq-run"
            onClick={() => machineId && create.mutate(machineId, { onError: notifyApiError })}
          >
            {t('ciq.new_run')}
          </Button>
        }
      />
      <Select
        label={t('ciq.machine')}
        placeholder={t('ciq.choose_machine')}
        data={machines.choices}
        value={machineId}
        onChange={(id) => void navigate(hrefTo(locale, 'ciq', { machineId: id ?? undefined }))}
        searchable
        maw={420}
        data-field="machine"
      />
      {machineId === null ? (
        <Text c="dimmed">{t('ciq.no_machine')}</Text>
      ) : (
        <>
          {ciq.data ? <CiqTargets settings={settings} /> : null}
          <Title order={2} fz="h3">
            {t('ciq.runs')}
          </Title>
          {runs.length === 0 ? <Text c="dimmed">{t('ciq.no_runs')}</Text> : null}
          {runs.slice(0, 5).map((run, index) => (
            <RunCard key={run.ciq_run_id} run={run} current={index === 0} />
          ))}
          {settingId ? (
            <>
              <Title order={2} fz="h3">
                {t('ciq.charts')}
              </Title>
              <Select
                label={t('ciq.setting')}
                data={settings.map((setting) => ({
                  value: setting.ciq_setting_id,
                  label: settingLabel(setting),
                }))}
                value={settingId}
                onChange={setChosen}
                maw={520}
                data-field="ciq_setting"
              />
              <LeveyJenningsChart settingId={settingId} />
            </>
          ) : null}
        </>
      )}
    </Stack>
  );
}
