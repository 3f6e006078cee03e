import { Badge, Button, Card, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordStatusBadge } from '../../../components/record-status-badge';
import { showToast } from '../../../lib/notify';
import { usePatientHistory } from '../../../lib/shared-queries';
import { useAnalyses } from '../api';
import { type LinkedSample, linkAnalysis, samplesOfRecord } from './linked-analyses';
import type { OfferedAnalysis } from './quick-selections';
import { useWizard } from './wizard-context';

/** One sample of an earlier record: its analyses, each a button that adds it to the new record. */
function SampleAnalyses({
  sample,
  nameOf,
  orderable,
}: {
  sample: LinkedSample;
  nameOf: (id: string) => string;
  orderable: ReadonlySet<string>;
}) {
  const { t } = useTranslation('records');
  const { form } = useWizard();
  const combinations = form.watch('combinations');
  const link = (id: string) => {
    const outcome = linkAnalysis(form.getValues('combinations'), id, orderable);
    if (outcome.kind === 'added') {
      form.setValue('combinations', outcome.combinations, { shouldDirty: true });
      showToast('success', t('patient_step.analysis_linked', { name: nameOf(id) }));
    } else showToast('info', t(`patient_step.analysis_${outcome.kind}`, { name: nameOf(id) }));
  };
  return (
    <Group gap={6} wrap="wrap" data-testid="linked-sample">
      <Badge variant="outline" ff="monospace">
        {sample.number || t('patient_step.no_sample')}
      </Badge>
      {sample.analysisIds.map((id) => {
        const selected = combinations.some((ids) => ids.includes(id));
        const hidden = !orderable.has(id);
        return (
          <Button
            key={id}
            size="compact-xs"
            variant={selected ? 'light' : 'default'}
            color={selected ? 'green' : undefined}
            leftSection={selected ? <IconCheck size={12} /> : <IconLink size={12} />}
            disabled={hidden}
            title={hidden ? t('patient_step.analysis_notOrderable', { name: nameOf(id) }) : undefined}
            onClick={() => link(id)}
            data-action="link-analysis"
            data-linked={selected}
          >
            {nameOf(id)}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * The chosen patient's earlier records (spec.md §2 'Linked records and samples'): each can be
 * linked to the new one; a click shows its samples, and a click on an analysis there adds it to
 * the new record's analyses.
 */
export function RelatedRecords({
  patientId,
  currentRecordId,
  offered,
}: {
  patientId: string;
  currentRecordId: string | null;
  offered: readonly OfferedAnalysis[];
}) {
  const { t } = useTranslation('records');
  const { form } = useWizard();
  const history = usePatientHistory(patientId);
  // Every analysis, hidden ones included, so an earlier record's hidden analysis is still named.
  const catalogue = useAnalyses();
  const [open, setOpen] = useState<string | null>(null);
  if (history.isLoading) return <Loader size="sm" />;
  const records = (history.data?.records ?? []).filter((record) => record.record_id !== currentRecordId);
  if (records.length === 0) return <Text c="dimmed">{t('patient_step.no_records')}</Text>;
  const orderable = new Set(offered.map((analysis) => analysis.id));
  const nameOf = (id: string) =>
    (catalogue.data?.data ?? []).find((row) => row.analysis_id === id)?.analysis_name ?? id;
  return (
    <Controller
      control={form.control}
      name="record_linked_records"
      render={({ field }) => (
        <Checkbox.Group label={t('patient_step.link_records')} value={field.value} onChange={field.onChange}>
          <Stack gap={6} mt={6}>
            {records.map((record) => {
              const samples = samplesOfRecord(record);
              const shown = open === record.record_id;
              return (
                <Card key={record.record_id} withBorder padding="xs" data-testid="related-record">
                  <Group justify="space-between" wrap="wrap">
                    <Checkbox value={record.record_id} label={record.record_number} />
                    <Group gap="xs">
                      {record.record_annulr_flag ? (
                        <Badge color="red" variant="light">
                          {t('flags.cancelled')}
                        </Badge>
                      ) : null}
                      <RecordStatusBadge status={record.record_status} />
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setOpen(shown ? null : record.record_id)}
                        aria-expanded={shown}
                        data-action="show-samples"
                      >
                        {t('patient_step.samples', {
                          count: samples.filter((sample) => sample.number !== '').length,
                        })}
                      </Button>
                    </Group>
                  </Group>
                  {shown ? (
                    <Stack gap={6} mt={6}>
                      <Text size="xs" c="dimmed">
                        {t('patient_step.link_hint')}
                      </Text>
                      {samples.map((sample) => (
                        <SampleAnalyses
                          key={sample.id}
                          sample={sample}
                          nameOf={nameOf}
                          orderable={orderable}
                        />
                      ))}
                    </Stack>
                  ) : null}
                </Card>
              );
            })}
          </Stack>
        </Checkbox.Group>
      )}
    />
  );
}
