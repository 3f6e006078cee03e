import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { ClinicSampleRow, PrescriberSampleRow, RecordSampleRow } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SampleProgress } from './sample-progress';
import { sampleProgressKey } from './trace-values';

/** A sample as staff (with its names) or a portal user receives it. */
type ListedSample = RecordSampleRow | ClinicSampleRow | PrescriberSampleRow;

const typeName = (sample: ListedSample) => ('sample_type_name' in sample ? sample.sample_type_name : null);
const matrixName = (sample: ListedSample) => ('matrix_name' in sample ? sample.matrix_name : null);

/**
 * The record's ordered analyses grouped by sample: each sample with its number, sample type and
 * matrix, the analyses it carries, its progress and for staff the active NCT. With `analyses` (the
 * names staff receive) the analyses show; with `openSample` the sample opens; with `progress`, each
 * sample offers its next steps (a received record that is not frozen).
 */
export function SamplesList({
  recordId,
  samples,
  analyses,
  openSample,
  progress,
}: {
  recordId: string;
  samples: ListedSample[];
  analyses?: ReadonlyMap<string, string> | undefined;
  openSample?: ((sample: ListedSample) => string) | undefined;
  progress?: { canComplete: boolean } | undefined;
}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  if (samples.length === 0) return <Text c="dimmed">{t('record.no_samples')}</Text>;
  const namesOf = (ids: readonly string[]) =>
    ids.map((id) => analyses?.get(id)).filter((name): name is string => name !== undefined);
  const carried = new Set(samples.flatMap((sample) => sample.sample_analyses));
  const unassigned = analyses ? [...analyses].filter(([id]) => !carried.has(id)).map(([, name]) => name) : [];
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="samples" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('record.sample_number')}</Table.Th>
              <Table.Th>{t('record.sample_type')}</Table.Th>
              <Table.Th>{t('record.sample_matrix')}</Table.Th>
              {analyses ? <Table.Th>{t('record.sample_analyses')}</Table.Th> : null}
              <Table.Th>{t('record.sample_status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {samples.map((sample) => {
              const href = openSample?.(sample);
              return (
                <Table.Tr
                  key={sample.sample_id}
                  data-testid="sample-row"
                  style={{ verticalAlign: 'top', cursor: href ? 'pointer' : undefined }}
                  // The whole row opens the sample; its link and its progress buttons keep their own click.
                  onClick={(event) => {
                    const target = event.target;
                    if (!href || (target instanceof Element && target.closest('a, button, [role="menu"]')))
                      return;
                    void navigate(href);
                  }}
                >
                  <Table.Td ff="monospace">
                    {href ? (
                      <Anchor
                        component={Link}
                        to={href}
                        aria-label={t('record.open_sample', { number: sample.sample_number })}
                      >
                        {sample.sample_number}
                      </Anchor>
                    ) : (
                      sample.sample_number
                    )}
                  </Table.Td>
                  <Table.Td>{typeName(sample) ?? '—'}</Table.Td>
                  <Table.Td>{matrixName(sample) ?? '—'}</Table.Td>
                  {analyses ? (
                    <Table.Td data-testid="sample-analyses">
                      {namesOf(sample.sample_analyses).join(', ') || '—'}
                    </Table.Td>
                  ) : null}
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <Badge variant="outline" size="sm" style={{ flexShrink: 0 }}>
                        {t(`sample_progress.${sampleProgressKey(sample.sample_status)}`)}
                      </Badge>
                      {'sample_nct_active' in sample && sample.sample_nct_active ? (
                        <Badge color="red" size="sm">
                          NCT
                        </Badge>
                      ) : null}
                      {progress ? (
                        <SampleProgress
                          recordId={recordId}
                          sample={sample}
                          canComplete={progress.canComplete}
                        />
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {unassigned.length > 0 ? (
        <Text size="sm" mt="xs" data-testid="unassigned-analyses">
          {t('record.unassigned', { names: unassigned.join(', ') })}
        </Text>
      ) : null}
    </>
  );
}
