import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { hrefTo, isFrozenRecord, RECORD_STATUS, type WebLocale } from '@sil/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RecordStatusBadge } from '../../components/record-status-badge';
import { formatDate } from '../../lib/format/dates';
import { showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { ReportCard } from '../reports';
import { useInvalidateRecord, useRecordPreview, useValidateRecord } from './api';
import { InvalidateModal } from './invalidate-modal';
import { SampleResultsCard } from './sample-results';
import { afterValidation, choosableStatus, samplesForStep } from './selection';

/**
 * One record under review: its patient, its samples with every result, a box per sample, and the
 * two actions. Validation takes the chosen removed samples, invalidation the chosen validated (or
 * sent) ones once a reason is given; the server refuses what spec.md §4 forbids (nothing chosen,
 * NCT, LBloc, wrong status). A sent record may only be invalidated: that starts its amendment.
 */
export function RecordReview({ locale, recordId }: { locale: WebLocale; recordId: string }) {
  const { t, i18n } = useTranslation('validation');
  const navigate = useNavigate();
  const { rights } = useSession();
  const preview = useRecordPreview(recordId);
  // The record's status when the biologist asked: the answer says whether the step moved it.
  const statusBefore = useRef<number | null>(null);
  const validating = useValidateRecord((answer) => {
    setChosen(new Set());
    showToast('success', t('toast.validatedSuccess'));
    const then = afterValidation(statusBefore.current ?? answer.record.record_status, answer);
    if (then.kind === 'next') {
      void navigate(hrefTo(locale, 'validateRecord', { recordId: then.recordId }));
      showToast('info', t('toast.nextLoaded'));
    } else if (then.kind === 'noneLeft') {
      void navigate(hrefTo(locale, 'validateRecord'));
    }
  });
  const invalidating = useInvalidateRecord();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState(false);

  if (preview.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!preview.data) return <Alert color="red">{t('not_found')}</Alert>;
  const { record, samples } = preview.data;
  const frozen = isFrozenRecord(record);
  const cancelled = record.record_annulr_flag;
  const tubes = new Map(
    record.samples.map((sample) => [
      sample.sample_id,
      [sample.sample_type_name, sample.matrix_name].filter(Boolean).join(' · ') || null,
    ]),
  );
  const statusOf = new Map(samples.map((entry) => [entry.sample.sample_id, entry.sample.sample_status]));
  const choose = (sampleId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(sampleId);
      else next.delete(sampleId);
      return next;
    });

  // The mutations are not quiet: an error is the app's toast.
  const validate = () => {
    statusBefore.current = record.record_status;
    validating.mutate({ record_id: recordId, sample_ids: samplesForStep('validate', chosen, statusOf) });
  };
  const invalidate = (reason: string) =>
    invalidating.mutate(
      { record_id: recordId, sample_ids: samplesForStep('invalidate', chosen, statusOf), reason },
      {
        onSuccess: () => {
          setChosen(new Set());
          setAsking(false);
          showToast('success', t('toast.invalidatedSuccess'));
        },
      },
    );
  const patient = record.patient;
  return (
    <Stack data-testid="record-review" data-record={record.record_id} data-status={record.record_status}>
      <Paper withBorder p="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" ff="monospace">
            {t('record_title', { number: record.record_number })}
          </Title>
          <Group gap={6}>
            <RecordStatusBadge status={record.record_status} />
            {record.record_is_urgent ? <Badge color="red">{t('queue.urgent')}</Badge> : null}
            {record.record_lbloc_flag ? <Badge color="orange">{t('sample.lbloc')}</Badge> : null}
          </Group>
        </Group>
        {patient ? (
          <Text size="sm" mt={4}>
            {t('patient_line', {
              name: `${patient.patient_surname} ${patient.patient_name}`,
              dob: formatDate(patient.patient_dob, i18n.language),
            })}
          </Text>
        ) : null}
        {record.record_prescriber_name ? (
          <Text size="sm" c="dimmed">
            {t('prescriber', { name: record.record_prescriber_name })}
          </Text>
        ) : null}
      </Paper>
      <Text size="sm" c="dimmed">
        {t('selection.hint')}
      </Text>
      {samples.map((entry) => {
        const status = entry.sample.sample_status;
        const choosable = !cancelled && choosableStatus(status);
        return (
          <SampleResultsCard
            key={entry.sample.sample_id}
            entry={entry}
            tube={tubes.get(entry.sample.sample_id) ?? null}
            choosable={choosable}
            chosen={chosen.has(entry.sample.sample_id)}
            onChoose={(on) => choose(entry.sample.sample_id, on)}
          />
        );
      })}
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" mr="auto">
          {t('selection.chosen', { count: chosen.size })}
        </Text>
        {rights?.invalidation_admin ? (
          <Button
            variant="default"
            color="red"
            onClick={() => setAsking(true)}
            disabled={cancelled}
            data-action="invalidate"
          >
            {t('selection.invalidate')}
          </Button>
        ) : null}
        {rights?.validation_admin ? (
          <Button onClick={validate} loading={validating.isPending} disabled={frozen} data-action="validate">
            {t('selection.validate')}
          </Button>
        ) : null}
      </Group>
      <Paper withBorder p="sm">
        <ReportCard recordId={record.record_id} />
      </Paper>
      {asking ? (
        <InvalidateModal
          count={samplesForStep('invalidate', chosen, statusOf).length}
          sent={record.record_status === RECORD_STATUS.sent}
          saving={invalidating.isPending}
          onConfirm={invalidate}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </Stack>
  );
}
