import { Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hrefTo, type WebLocale, type WorklistGroup, type WorklistSample } from '@sil/contract';
import { IconKeyboard, IconPrinter } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SampleStatusBadge } from '../../components/sample-status-badge';
import { formatDateTime } from '../../lib/format/dates';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useSession } from '../../lib/use-session';
import { BatchEntryModal } from '../samples';
import { useWorklist } from './api';
import classes from './worklists.module.css';

function UrgentBadge({ sample }: { sample: WorklistSample }) {
  const { t } = useTranslation('records');
  if (!sample.record_is_urgent) return null;
  return (
    <Badge ml="xs" size="sm" color="red" variant="light">
      {t('worklists.urgent')}
    </Badge>
  );
}

const patientOf = (sample: WorklistSample) =>
  sample.patient_birth_year
    ? `${sample.patient_initials} · ${sample.patient_birth_year}`
    : sample.patient_initials;
const tubeOf = (sample: WorklistSample) =>
  [sample.sample_type_name, sample.matrix_name].filter(Boolean).join(' · ');

/** On a phone a sample is two lines, number and step above, patient and tube below. */
function SampleLines({ group }: { group: WorklistGroup }) {
  return (
    <Stack gap={0}>
      {group.samples.map((sample) => (
        <Stack
          key={sample.sample_id}
          gap={2}
          py="xs"
          className={classes.line}
          data-sample-number={sample.sample_number}
        >
          <Group justify="space-between" wrap="nowrap">
            <Text fw={sample.record_is_urgent ? 700 : 500}>
              {sample.sample_number}
              <UrgentBadge sample={sample} />
            </Text>
            <SampleStatusBadge status={sample.sample_status} />
          </Group>
          <Text size="sm" c="dimmed">
            {patientOf(sample)} — {tubeOf(sample)}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The group's samples in the batch entry grid, as they were when it was opened: the page holds the
 * grid, so that it stays open while the saved samples leave the list (and their group with them).
 */
function BatchEntry({ batch, onClose }: { batch: WorklistGroup; onClose: () => void }) {
  const { t } = useTranslation('records');
  return (
    <Suspense fallback={null}>
      <BatchEntryModal
        title={t('batch.title', { name: batch.analysis_name })}
        samples={batch.samples.map((sample) => ({
          sample_id: sample.sample_id,
          sample_number: sample.sample_number,
          label: patientOf(sample),
        }))}
        analysisId={batch.analysis_id}
        onClose={onClose}
      />
    </Suspense>
  );
}

function GroupTable({ group, onBatch }: { group: WorklistGroup; onBatch: (() => void) | null }) {
  const { t } = useTranslation('records');
  const narrow = useMediaQuery('(max-width: 575.98px)');
  return (
    <Card withBorder padding="sm" className={classes.group} data-worklist-group={group.analysis_name}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} fz="h4">
          {group.analysis_name}
        </Title>
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('worklists.count', { count: group.samples.length })}
          </Text>
          {onBatch ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconKeyboard size={16} />}
              className={classes.noPrint}
              onClick={onBatch}
              data-action="batch-entry"
            >
              {t('batch.open')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {narrow ? (
        <SampleLines group={group} />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('worklists.sample')}</Table.Th>
                <Table.Th>{t('worklists.patient')}</Table.Th>
                <Table.Th>{t('worklists.tube')}</Table.Th>
                <Table.Th className={classes.noPrint}>{t('worklists.status')}</Table.Th>
                <Table.Th className={classes.printCell}>{t('worklists.done')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.samples.map((sample) => (
                <Table.Tr key={sample.sample_id} data-sample-number={sample.sample_number}>
                  <Table.Td className={sample.record_is_urgent ? classes.urgent : undefined}>
                    {sample.sample_number}
                    <UrgentBadge sample={sample} />
                  </Table.Td>
                  <Table.Td>{patientOf(sample)}</Table.Td>
                  <Table.Td>{tubeOf(sample)}</Table.Td>
                  <Table.Td className={classes.noPrint}>
                    <SampleStatusBadge status={sample.sample_status} />
                  </Table.Td>
                  <Table.Td className={classes.printCell} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** worklists/{machineId?}: what waits for one machine, by analysis, printable for the bench. */
export function WorklistsPage({ locale, machineId }: { locale: WebLocale; machineId: string | null }) {
  const { t, i18n } = useTranslation('records');
  const navigate = useNavigate();
  const machines = useLoadAll('machines');
  const worklist = useWorklist(machineId);
  const groups = worklist.data?.groups ?? [];
  const total = groups.reduce((sum, group) => sum + group.samples.length, 0);
  const { rights } = useSession();
  const entersResults = (rights?.admin_samples ?? 0) >= 2;
  const [batch, setBatch] = useState<WorklistGroup | null>(null);

  return (
    <Stack>
      <PageHeader
        title={t('worklists.title')}
        subtitle={t('worklists.subtitle')}
        actions={
          <Button
            leftSection={<IconPrinter size={18} />}
            onClick={() => window.print()}
            disabled={groups.length === 0}
            data-action="print-worklist"
          >
            {t('worklists.print')}
          </Button>
        }
      />
      <Select
        label={t('worklists.machine')}
        placeholder={t('worklists.choose_machine')}
        data={machines.choices}
        value={machineId}
        onChange={(id) => void navigate(hrefTo(locale, 'worklists', { machineId: id ?? undefined }))}
        searchable
        maw={420}
        data-field="machine"
      />
      <div className={classes.sheet} data-print-area="worklist">
        {worklist.data ? (
          <div className={classes.printOnly}>
            <Title order={2} fz="h3">
              {t('worklists.print_title', { machine: worklist.data.machine_name })}
            </Title>
            <Text size="sm" mb="md">
              {t('worklists.printed_on', {
                date: formatDateTime(new Date().toISOString(), i18n.language),
                count: total,
              })}
            </Text>
          </div>
        ) : null}
        {machineId === null ? (
          <Text c="dimmed">{t('worklists.no_machine')}</Text>
        ) : worklist.data && groups.length === 0 ? (
          <Text c="dimmed" data-worklist-empty>
            {t('worklists.empty')}
          </Text>
        ) : (
          <Stack>
            {groups.map((group) => (
              <GroupTable
                key={group.analysis_id}
                group={group}
                onBatch={entersResults ? () => setBatch(group) : null}
              />
            ))}
          </Stack>
        )}
      </div>
      {batch ? <BatchEntry batch={batch} onClose={() => setBatch(null)} /> : null}
    </Stack>
  );
}
