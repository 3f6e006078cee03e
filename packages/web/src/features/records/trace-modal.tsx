import { Center, Loader, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { parisDateTime } from '../../lib/french-date';
import { recordKeys } from './record-queries';

/** The record's trace (get-record-trace): every change to it, its samples and its patient. */
export function TraceModal({ recordId, onClose }: { recordId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('records');
  const trace = useQuery({
    queryKey: recordKeys.trace(recordId),
    queryFn: () => call('getRecordTrace', { query: { record_id: recordId } }),
  });
  return (
    <Modal opened onClose={onClose} size="xl" title={t('trace.title')} data-testid="trace">
      {trace.isLoading ? (
        <Center py="lg">
          <Loader />
        </Center>
      ) : (
        <ScrollArea>
          <Table striped fz="sm" miw={640}>
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
              {(trace.data ?? []).map((entry) => (
                <Table.Tr key={entry.modification_id}>
                  <Table.Td>{parisDateTime(entry.modification_timestamp, i18n.language)}</Table.Td>
                  <Table.Td>{entry.modification_by_name ?? entry.modification_by}</Table.Td>
                  <Table.Td>
                    {entry.modification_type} · {entry.table_name}
                    {entry.log_comment ? (
                      <Text size="xs" c="dimmed">
                        {entry.log_comment}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{entry.modification_field ?? '—'}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    {entry.modification_old_value ?? '—'}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    {entry.modification_new_value ?? '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
