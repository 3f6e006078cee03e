import { Badge, Button, Card, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import {
  RECONCILIATION_REASONS,
  type ReconciliationItem,
  type ReconciliationReason,
  type WebLocale,
} from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format/dates';
import { useTableRights } from '../../lib/table/rights';
import { useAnalyserStates, useReconciliationItems } from './api';
import { resultValueText } from './parsed-view';
import { ResolveItem } from './resolve-item';

type StateFilter = 'open' | 'closed' | 'all';

/** Analyser results waiting for a person: nothing an analyser sent is dropped without one. */
export function ReconciliationPage({ locale: _locale }: { locale: WebLocale }) {
  const { t, i18n } = useTranslation('analysers');
  const { t: tMain } = useTranslation();
  const samples = useTableRights('admin_samples');
  const [machineId, setMachineId] = useState<string | null>(null);
  const [reason, setReason] = useState<ReconciliationReason | null>(null);
  const [state, setState] = useState<StateFilter>('open');
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<ReconciliationItem | null>(null);
  const analysers = useAnalyserStates();
  const { data } = useReconciliationItems({
    state,
    page,
    per_page: 20,
    ...(machineId ? { machine_id: machineId } : {}),
    ...(reason ? { reason } : {}),
  });
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <>
      <PageHeader title={tMain('title.reconciliation')} subtitle={t('reconciliation.subtitle')} />
      <Group mb="md" wrap="wrap" gap="sm">
        <Select
          aria-label={t('reconciliation.analyser')}
          placeholder={t('reconciliation.all_analysers')}
          clearable
          data={(analysers.data?.states ?? []).map((row) => ({
            value: row.machine_id,
            label: row.machine_name,
          }))}
          value={machineId}
          onChange={filtered(setMachineId)}
          w={220}
        />
        <Select
          aria-label={t('reconciliation.reason')}
          placeholder={t('reconciliation.all_reasons')}
          clearable
          data={RECONCILIATION_REASONS.map((value) => ({ value, label: t(`reasons.${value}`) }))}
          value={reason}
          onChange={filtered((next: string | null) => setReason(next as ReconciliationReason | null))}
          w={260}
        />
        <Select
          aria-label={t('reconciliation.state')}
          data={(['open', 'closed', 'all'] as const).map((value) => ({
            value,
            label: t(`reconciliation.states.${value}`),
          }))}
          value={state}
          onChange={filtered((next: string | null) => setState((next as StateFilter | null) ?? 'open'))}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {data && data.data.length === 0 ? (
        <Text c="dimmed">{t(state === 'open' ? 'reconciliation.none_open' : 'reconciliation.none')}</Text>
      ) : null}
      <Stack gap="sm">
        {(data?.data ?? []).map((item) => (
          <Card key={item.item_id} withBorder data-item-reason={item.reason}>
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <div>
                <Group gap="xs" mb={4}>
                  <Badge color="orange" variant="light">
                    {t(`reasons.${item.reason}`)}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {item.machine_name} · {formatDateTime(item.item_created_at, i18n.language)}
                  </Text>
                </Group>
                {item.result ? (
                  <Text size="sm">
                    {t('reconciliation.result', {
                      specimen: item.result.specimen_id,
                      code: item.result.test_code,
                      value: resultValueText(item.result, i18n.language),
                    })}
                  </Text>
                ) : null}
                {item.sample_number || item.parameter_name ? (
                  <Text size="sm" c="dimmed">
                    {[item.sample_number, item.parameter_name].filter(Boolean).join(' · ')}
                  </Text>
                ) : null}
                {item.detail ? (
                  <Text size="sm" c="dimmed">
                    {item.detail}
                  </Text>
                ) : null}
                {item.item_state !== 'open' ? (
                  <Text size="sm" mt={4}>
                    {t(`reconciliation.closed.${item.item_state}`, {
                      who: item.resolved_by ?? '',
                      when: item.resolved_at ? formatDateTime(item.resolved_at, i18n.language) : '',
                    })}
                    {item.resolution_reason ? ` · ${item.resolution_reason}` : ''}
                  </Text>
                ) : null}
              </div>
              {item.item_state === 'open' && samples.edit ? (
                <Button size="xs" onClick={() => setResolving(item)}>
                  {t('reconciliation.resolve')}
                </Button>
              ) : null}
            </Group>
          </Card>
        ))}
      </Stack>
      {data && data.number_of_pages > 1 ? (
        <Pagination mt="md" total={data.number_of_pages} value={page} onChange={setPage} size="sm" />
      ) : null}
      <ResolveItem item={resolving} onClose={() => setResolving(null)} />
    </>
  );
}
