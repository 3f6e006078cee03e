import { Button, Card, Group, NumberInput, Select, Table, Text, TextInput, Title } from '@mantine/core';
import type { CiqSettingRow } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format/numbers';
import { notifyApiError, showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useSession } from '../../lib/use-session';
import { useSaveCiqSetting } from './api';

const EMPTY = { analysis: null, parameter: null, level: '', lot: '', mean: '', sd: '' } as {
  analysis: string | null;
  parameter: string | null;
  level: string;
  lot: string;
  mean: number | string;
  sd: number | string;
};

/** A new target: analysis, parameter, control level, lot, mean and SD (analyses right, level 2). */
function TargetForm() {
  const { t } = useTranslation('records');
  const analyses = useLoadAll('analyses');
  const parameters = useLoadAll('parameters');
  const save = useSaveCiqSetting();
  const [form, setForm] = useState(EMPTY);
  const set = (changes: Partial<typeof EMPTY>) => setForm((all) => ({ ...all, ...changes }));
  const ready =
    form.analysis && form.parameter && form.level.trim() && form.lot.trim() && typeof form.mean === 'number';
  return (
    <Group align="flex-end" wrap="wrap" gap="xs" mt="sm">
      <Select
        label={t('ciq.analysis')}
        data={analyses.choices}
        value={form.analysis}
        onChange={(analysis) => set({ analysis })}
        searchable
        w={220}
      />
      <Select
        label={t('ciq.parameter')}
        data={parameters.choices}
        value={form.parameter}
        onChange={(parameter) => set({ parameter })}
        searchable
        w={220}
      />
      <TextInput
        label={t('ciq.level')}
        value={form.level}
        onChange={(event) => set({ level: event.currentTarget.value })}
        maxLength={50}
        w={90}
      />
      <TextInput
        label={t('ciq.lot')}
        value={form.lot}
        onChange={(event) => set({ lot: event.currentTarget.value })}
        maxLength={100}
        w={130}
      />
      <NumberInput label={t('ciq.mean')} value={form.mean} onChange={(mean) => set({ mean })} w={110} />
      <NumberInput label={t('ciq.sd')} value={form.sd} onChange={(sd) => set({ sd })} min={0} w={110} />
      <Button
        disabled={!ready}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            {
              analysis_id: form.analysis ?? '',
              parameter_id: form.parameter ?? '',
              ciq_level: form.level,
              ciq_lot: form.lot,
              ciq_mean: Number(form.mean),
              ciq_sd: Number(form.sd),
            },
            {
              onSuccess: () => {
                setForm(EMPTY);
                showToast('success', t('ciq.target_saved'));
              },
              onError: notifyApiError,
            },
          )
        }
      >
        {t('ciq.add_target')}
      </Button>
    </Group>
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
