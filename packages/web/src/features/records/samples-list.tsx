import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { type Row, textOf } from '../../lib/table/rows';
import { recordKeys } from './record-queries';

const PROGRESS = ['registered', 'prepared', 'injected', 'removed', 'validated', 'reportSent'] as const;

/** The record's samples with their number, sample type and matrix (named as on the labels), progress. */
export function SamplesList({ recordId, samples }: { recordId: string; samples: Row[] }) {
  const { t } = useTranslation('records');
  const labels = useQuery({
    queryKey: recordKeys.labels(recordId),
    queryFn: () => call('getLabelData', { query: { record_id: recordId } }),
  });
  if (samples.length === 0) return <Text c="dimmed">{t('record.no_samples')}</Text>;
  const named = (sample: Row) =>
    labels.data?.samples.find(
      (label) =>
        label.sample_id === textOf(sample, 'sample_number') ||
        label.sample_id === textOf(sample, 'sample_id'),
    );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped data-testid="samples">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('record.sample_number')}</Table.Th>
            <Table.Th>{t('record.sample_type')}</Table.Th>
            <Table.Th>{t('record.sample_matrix')}</Table.Th>
            <Table.Th>{t('record.sample_status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {samples.map((sample) => {
            const status = Number(sample.sample_status);
            return (
              <Table.Tr key={textOf(sample, 'sample_id')}>
                <Table.Td ff="monospace">{textOf(sample, 'sample_number')}</Table.Td>
                <Table.Td>{named(sample)?.sample_type ?? '—'}</Table.Td>
                <Table.Td>{named(sample)?.sample_matrix ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge variant="outline" size="sm">
                    {t(`sample_progress.${PROGRESS[status] ?? 'registered'}`)}
                  </Badge>
                  {sample.sample_nct_active === true ? (
                    <Badge ml={4} color="red" size="sm">
                      NCT
                    </Badge>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
