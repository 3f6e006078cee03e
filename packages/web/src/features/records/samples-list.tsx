import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ClinicRecordDetail, PrescriberRecordDetail, RecordSampleRow } from '@sil/contract';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SampleStatusBadge } from '../../components/sample-status-badge';
import { SampleSteps } from '../../components/sample-steps';
import { SampleProgress } from './sample-progress';

/** A sample as staff or a portal user receives it: each with its sample type and matrix by name. */
type ListedSample =
  | RecordSampleRow
  | ClinicRecordDetail['samples'][number]
  | PrescriberRecordDetail['samples'][number];

const typeName = (sample: ListedSample) => sample.sample_type_name;
const matrixName = (sample: ListedSample) => sample.matrix_name;

interface Shown {
  sample: ListedSample;
  /** The analyses the sample carries, by name; undefined when the audience receives no names. */
  analyses: string[] | undefined;
  href: string | undefined;
}

function SampleNumber({ sample, href }: Shown) {
  const { t } = useTranslation('records');
  if (!href) return <>{sample.sample_number}</>;
  return (
    <Anchor
      component={Link}
      to={href}
      ff="monospace"
      style={{ whiteSpace: 'nowrap' }}
      aria-label={t('record.open_sample', { number: sample.sample_number })}
    >
      {sample.sample_number}
    </Anchor>
  );
}

/** Where the sample stands, its active NCT, and with `progress` its next steps. */
function SampleState({
  recordId,
  sample,
  progress,
}: {
  recordId: string;
  sample: ListedSample;
  progress: boolean;
}) {
  return (
    <Group gap={4} wrap="wrap">
      <SampleStatusBadge status={sample.sample_status} />
      {'sample_nct_active' in sample && sample.sample_nct_active ? (
        <Badge color="red" size="sm">
          NCT
        </Badge>
      ) : null}
      {progress ? <SampleProgress recordId={recordId} sample={sample} /> : null}
      {'sample_removed_at' in sample ? <SampleSteps sample={sample} /> : null}
    </Group>
  );
}

/**
 * The record's ordered analyses grouped by sample: each sample with its number, sample type and
 * matrix, the analyses it carries, its progress and for staff the active NCT. With `analyses` (the
 * names staff receive) the analyses show; with `openSample` a sample opens; with `progress`, each
 * sample offers its next steps (a received record that is not frozen). On a phone each sample is a
 * card, so that nothing hides behind a sideways scroll.
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
  progress?: boolean | undefined;
}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 575.98px)');
  if (samples.length === 0) return <Text c="dimmed">{t('record.no_samples')}</Text>;
  const ordered = [...(analyses ?? [])];
  // A sample's analyses in the order they were ordered, as the record's list gives them.
  const shown: Shown[] = samples.map((sample) => ({
    sample,
    analyses: analyses
      ? ordered.filter(([id]) => sample.sample_analyses.includes(id)).map(([, name]) => name)
      : undefined,
    href: openSample?.(sample),
  }));
  const carried = new Set(samples.flatMap((sample) => sample.sample_analyses));
  const unassigned = ordered.filter(([id]) => !carried.has(id)).map(([, name]) => name);
  // The whole row opens the sample; its link and its progress buttons keep their own click.
  const open = (href: string | undefined) => (event: MouseEvent) => {
    const target = event.target;
    if (!href || (target instanceof Element && target.closest('a, button, [role="menu"]'))) return;
    void navigate(href);
  };
  const cursor = (href: string | undefined) => (href ? 'pointer' : undefined);

  const list = phone ? (
    <Stack gap="xs" data-testid="samples">
      {shown.map((item) => (
        <Paper
          key={item.sample.sample_id}
          withBorder
          p="xs"
          data-testid="sample-row"
          style={{ cursor: cursor(item.href) }}
          onClick={open(item.href)}
        >
          <Group justify="space-between" gap="xs">
            <Text fw={600} ff="monospace">
              <SampleNumber {...item} />
            </Text>
            <SampleState recordId={recordId} sample={item.sample} progress={progress === true} />
          </Group>
          <Text size="sm">
            {typeName(item.sample) ?? '—'} · {matrixName(item.sample) ?? '—'}
          </Text>
          {item.analyses ? <Text size="sm">{item.analyses.join(', ') || '—'}</Text> : null}
        </Paper>
      ))}
    </Stack>
  ) : (
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
          {shown.map((item) => (
            <Table.Tr
              key={item.sample.sample_id}
              data-testid="sample-row"
              style={{ verticalAlign: 'top', cursor: cursor(item.href) }}
              onClick={open(item.href)}
            >
              <Table.Td ff="monospace">
                <SampleNumber {...item} />
              </Table.Td>
              <Table.Td>{typeName(item.sample) ?? '—'}</Table.Td>
              <Table.Td>{matrixName(item.sample) ?? '—'}</Table.Td>
              {item.analyses ? <Table.Td>{item.analyses.join(', ') || '—'}</Table.Td> : null}
              <Table.Td>
                <SampleState recordId={recordId} sample={item.sample} progress={progress === true} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <>
      {list}
      {unassigned.length > 0 ? (
        <Text size="sm" mt="xs" data-testid="unassigned-analyses">
          {t('record.unassigned', { names: unassigned.join(', ') })}
        </Text>
      ) : null}
    </>
  );
}
