import { Button, Card, Group, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { type CiqSettingRow, SaveCiqSettingBody } from '@sil/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { NumberField } from '../../lib/form/number-field';
import { formatNumber } from '../../lib/format/numbers';
import { showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useSession } from '../../lib/use-session';
import { useSaveCiqSetting } from './api';

/** What the new target's inputs hold: nothing chosen or typed yet. */
interface TargetDraft {
  analysis_id: string | null;
  parameter_id: string | null;
  ciq_level: string;
  ciq_lot: string;
  ciq_mean: number | '';
  ciq_sd: number | '';
}

const EMPTY: TargetDraft = {
  analysis_id: null,
  parameter_id: null,
  ciq_level: '',
  ciq_lot: '',
  ciq_mean: '',
  ciq_sd: '',
};

/** The draft checked by the call's own body: what is not chosen or typed is missing. */
const TargetFields = z
  .custom<TargetDraft>()
  .transform(
    (draft): z.input<typeof SaveCiqSettingBody> => ({
      analysis_id: draft.analysis_id ?? '',
      parameter_id: draft.parameter_id ?? '',
      ciq_level: draft.ciq_level,
      ciq_lot: draft.ciq_lot,
      ciq_mean: draft.ciq_mean === '' ? Number.NaN : draft.ciq_mean,
      ciq_sd: draft.ciq_sd === '' ? Number.NaN : draft.ciq_sd,
    }),
  )
  .pipe(SaveCiqSettingBody);

/** A new target: analysis, parameter, control level, lot, mean and SD (analyses right, level 2). */
function TargetForm() {
  const { t } = useTranslation('records');
  const { t: tTables } = useTranslation('tables');
  const analyses = useLoadAll('analyses');
  const parameters = useLoadAll('parameters');
  const save = useSaveCiqSetting();
  const form = useForm<TargetDraft, unknown, z.output<typeof SaveCiqSettingBody>>({
    resolver: schemaResolver(TargetFields),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const error = (name: keyof TargetDraft) => issueText(tTables, errors[name]?.message);
  const draft = useWatch({ control: form.control });
  const ready =
    draft.analysis_id &&
    draft.parameter_id &&
    draft.ciq_level?.trim() &&
    draft.ciq_lot?.trim() &&
    typeof draft.ciq_mean === 'number';
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => {
        form.reset(EMPTY);
        showToast('success', t('ciq.target_saved'));
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Group align="flex-end" wrap="wrap" gap="xs" mt="sm">
        <Controller
          control={form.control}
          name="analysis_id"
          render={({ field }) => (
            <Select
              label={t('ciq.analysis')}
              data={analyses.choices}
              value={field.value}
              onChange={field.onChange}
              error={error('analysis_id')}
              searchable
              w={220}
            />
          )}
        />
        <Controller
          control={form.control}
          name="parameter_id"
          render={({ field }) => (
            <Select
              label={t('ciq.parameter')}
              data={parameters.choices}
              value={field.value}
              onChange={field.onChange}
              error={error('parameter_id')}
              searchable
              w={220}
            />
          )}
        />
        <TextInput
          label={t('ciq.level')}
          {...form.register('ciq_level')}
          error={error('ciq_level')}
          maxLength={50}
          w={90}
        />
        <TextInput
          label={t('ciq.lot')}
          {...form.register('ciq_lot')}
          error={error('ciq_lot')}
          maxLength={100}
          w={130}
        />
        <Controller
          control={form.control}
          name="ciq_mean"
          render={({ field }) => (
            <NumberField
              label={t('ciq.mean')}
              value={field.value}
              onChange={field.onChange}
              error={error('ciq_mean')}
              w={110}
            />
          )}
        />
        <Controller
          control={form.control}
          name="ciq_sd"
          render={({ field }) => (
            <NumberField
              label={t('ciq.sd')}
              value={field.value}
              onChange={field.onChange}
              error={error('ciq_sd')}
              min={0}
              w={110}
            />
          )}
        />
        <Button type="submit" disabled={!ready} loading={save.isPending}>
          {t('ciq.add_target')}
        </Button>
      </Group>
    </form>
  );
}

/** The machine's targets, and for those who keep the analyses, a form for a new one. */
export function CiqTargets({ settings }: { settings: CiqSettingRow[] }) {
  const { t, i18n } = useTranslation('records');
  const { rights } = useSession();
  const number = (value: number) => formatNumber(value, i18n.language, { maxDecimals: 4 });
  return (
    <Card withBorder padding="sm" data-ciq-targets>
      <Title order={2} fz="h4" mb="xs">
        {t('ciq.targets')}
      </Title>
      {settings.length === 0 ? (
        <Text c="dimmed">{t('ciq.no_settings')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ciq.analysis')}</Table.Th>
                <Table.Th>{t('ciq.parameter')}</Table.Th>
                <Table.Th>{t('ciq.level')}</Table.Th>
                <Table.Th>{t('ciq.lot')}</Table.Th>
                <Table.Th>{t('ciq.mean')}</Table.Th>
                <Table.Th>{t('ciq.sd')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.map((setting) => (
                <Table.Tr key={setting.ciq_setting_id} c={setting.ciq_active ? undefined : 'dimmed'}>
                  <Table.Td>{setting.analysis_name}</Table.Td>
                  <Table.Td>{setting.parameter_name}</Table.Td>
                  <Table.Td>{setting.ciq_level}</Table.Td>
                  <Table.Td>{setting.ciq_lot}</Table.Td>
                  <Table.Td>{number(setting.ciq_mean)}</Table.Td>
                  <Table.Td>{number(setting.ciq_sd)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {Number(rights?.admin_analyses ?? 0) >= 2 ? <TargetForm /> : null}
    </Card>
  );
}
