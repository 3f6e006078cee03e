import { Card, Center, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/dates';
import { useRecordTrace } from './api';
import { newestFirst, TraceAction, type TraceEntry, TraceField, TraceValue } from './trace-entry';

/** On a phone six columns do not fit: each change reads as a card instead. */
function TraceCards({ entries }: { entries: readonly TraceEntry[] }) {
  const { t, i18n } = useTranslation('records');
  return (
    <Stack gap="xs">
      {entries.map((entry) => (
        <Card key={entry.modification_id} withBorder padding="xs" data-testid="trace-entry">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              <TraceAction entry={entry} />
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.modification_timestamp, i18n.language)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('trace.who')} {entry.modification_by_name ?? entry.modification_by}
          </Text>
          {entry.modification_field ? (
            <Text size="sm" mt={4}>
              <TraceField entry={entry} />
            </Text>
          ) : null}
          {entry.modification_old_value ? (
            <Text size="xs" c="dimmed" td="line-through" component="div">
              <TraceValue value={entry.modification_old_value} />
            </Text>
          ) : null}
          <Text size="sm" component="div">
            <TraceValue value={entry.modification_new_value} />
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function TraceTable({ entries }: { entries: readonly TraceEntry[] }) {
  const { t, i18n } = useTranslation('records');
  return (
    <ScrollArea>
      <Table striped fz="sm" miw={640} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trace.when')}</Table.Th>
            <Table.Th>{t('trace.who')}</Table.Th>
            <Table.Th>{t('trace.what')}</Table.Th>
            <Table.Th>{t('trace.field')}</Table.Th>
            <Table.Th>{t('trace.old')}</Table.Th>
            <Table.Th>{t('trace.new')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.modification_id} data-testid="trace-entry" style={{ verticalAlign: 'top' }}>
              <Table.Td>{formatDateTime(entry.modification_timestamp, i18n.language)}</Table.Td>
              <Table.Td>{entry.modification_by_name ?? entry.modification_by}</Table.Td>
              <Table.Td>
                <TraceAction entry={entry} />
              </Table.Td>
              <Table.Td>
                <TraceField entry={entry} />
              </Table.Td>
              <Table.Td maw={220}>
                <TraceValue value={entry.modification_old_value} />
              </Table.Td>
              <Table.Td maw={260}>
                <TraceValue value={entry.modification_new_value} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The record's trace (get-record-trace): every change to it, its samples and its patient. */
export function TraceModal({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const { t } = useTranslation('records');
  const phone = useMediaQuery('(max-width: 575.98px)');
  const trace = useRecordTrace(recordId);
  const entries = newestFirst(trace.data ?? []);
  return (
    <Modal opened onClose={onClose} size="xl" fullScreen={phone} title={t('trace.title')} data-testid="trace">
      {trace.isLoading ? (
        <Center py="lg">
          <Loader />
        </Center>
      ) : phone ? (
        <TraceCards entries={entries} />
      ) : (
        <TraceTable entries={entries} />
      )}
    </Modal>
  );
}
