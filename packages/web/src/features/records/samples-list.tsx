import { Badge, Table, Text } from '@mantine/core';
import type { ClinicSampleRow, PrescriberSampleRow, SampleRow } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { SampleStatusBadge } from '../../components/sample-status-badge';
import { useLabelData } from './api';
import { SampleProgress } from './sample-progress';

/** A sample as staff or a portal user receives it. */
type ListedSample = SampleRow | ClinicSampleRow | PrescriberSampleRow;

/**
 * The record's samples with their number, sample type and matrix (named as on the labels, which
 * staff read: `named`), progress, and for staff the active NCT. With `progress`, each sample offers
 * its next steps (a received record that is not frozen).
 */
export function SamplesList({
  recordId,
  samples,
  named: withNames,
  progress,
}: {
  recordId: string;
  samples: ListedSample[];
  named: boolean;
  progress?: { canComplete: boolean } | undefined;
}) {
  const { t } = useTranslation('records');
  const labels = useLabelData(recordId, withNames);
  if (samples.length === 0) return <Text c="dimmed">{t('record.no_samples')}</Text>;
  const named = (sample: ListedSample) =>
    labels.data?.samples.find(
      (label) => label.sample_id === sample.sample_number || label.sample_id === sample.sample_id,
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
            const status = sample.sample_status;
            return (
              <Table.Tr key={sample.sample_id}>
                <Table.Td ff="monospace">{sample.sample_number}</Table.Td>
                <Table.Td>{named(sample)?.sample_type ?? '—'}</Table.Td>
                <Table.Td>{named(sample)?.sample_matrix ?? '—'}</Table.Td>
                <Table.Td>
                  <SampleStatusBadge status={status} />
                  {'sample_nct_active' in sample && sample.sample_nct_active ? (
                    <Badge ml={4} color="red" size="sm">
                      NCT
                    </Badge>
                  ) : null}
                  {progress ? (
                    <SampleProgress recordId={recordId} sample={sample} canComplete={progress.canComplete} />
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
