import { Accordion, Badge, Code, Group, Pagination, Select, Stack, Text } from '@mantine/core';
import { type AnalyserMessageRow, MESSAGE_OUTCOMES, type MessageOutcome } from '@sil/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/dates';
import { useAnalyserMessages } from './api';
import { ParsedView } from './parsed-view';
import { visibleControls } from './raw-text';

const OUTCOME_COLORS: Record<MessageOutcome, string> = {
  stored: 'teal',
  partly: 'orange',
  reconciliation: 'orange',
  qc: 'blue',
  query: 'gray',
  unreadable: 'red',
  ignored: 'gray',
  sent: 'teal',
  refused: 'red',
};

/** An analyser's messages, newest first: what it sent, how the agent read it, what it became. */
export function MessageLog({ machineId }: { machineId: string }) {
  const { t, i18n } = useTranslation('analysers');
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<MessageOutcome | null>(null);
  const { data } = useAnalyserMessages(machineId, page, outcome);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text fw={600}>{t('log.title')}</Text>
        <Select
          aria-label={t('log.outcome_filter')}
          placeholder={t('log.all_outcomes')}
          clearable
          data={MESSAGE_OUTCOMES.map((value) => ({ value, label: t(`outcomes.${value}`) }))}
          value={outcome}
          onChange={(next) => {
            setOutcome(next as MessageOutcome | null);
            setPage(1);
          }}
          w={220}
        />
      </Group>
      {data && data.data.length === 0 ? <Text c="dimmed">{t('log.none')}</Text> : null}
      <Accordion variant="separated" chevronPosition="left">
        {(data?.data ?? []).map((message) => (
          <Accordion.Item key={message.message_id} value={message.message_id} data-message={message.outcome}>
            <Accordion.Control>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">
                  {formatDateTime(message.received_at, i18n.language)} · {message.protocol.toUpperCase()}
                </Text>
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {counts(message, t)}
                  </Text>
                  <Badge color={OUTCOME_COLORS[message.outcome]} variant="light">
                    {t(`outcomes.${message.outcome}`)}
                  </Badge>
                </Group>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" fw={600} mb={4}>
                {t(message.parsed.kind === 'order' ? 'log.parsed_order' : 'log.parsed')}
              </Text>
              <ParsedView parsed={message.parsed} />
              <Text size="sm" fw={600} mt="md" mb={4}>
                {t(message.parsed.kind === 'order' ? 'log.raw_sent' : 'log.raw')}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-raw-text>
                {visibleControls(message.raw_text)}
              </Code>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {data && data.number_of_pages > 1 ? (
        <Pagination total={data.number_of_pages} value={page} onChange={setPage} size="sm" />
      ) : null}
    </Stack>
  );
}

function counts(message: AnalyserMessageRow, t: TFunction<'analysers'>): string {
  const parts = [
    message.results_stored > 0 ? t('log.stored', { count: message.results_stored }) : null,
    message.results_to_ciq > 0 ? t('log.to_ciq', { count: message.results_to_ciq }) : null,
    message.results_in_reconciliation > 0
      ? t('log.waiting', { count: message.results_in_reconciliation })
      : null,
  ];
  return parts.filter((part) => part !== null).join(' · ');
}
