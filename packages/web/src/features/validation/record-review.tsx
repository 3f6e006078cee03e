import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { hrefTo, isFrozenRecord, RECORD_STATUS, type WebLocale } from '@sil/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { ReportCard } from '../reports';
import { useInvalidateRecord, useRecordPreview, useValidateRecord } from './api';
import { InterpretationField } from './interpretation-field';
import { InvalidateModal } from './invalidate-modal';
import { ReviewHeader } from './review-header';
import { SampleResultsCard } from './sample-results';
import { afterValidation, blockReason, readySamples, type Step, samplesForStep } from './selection';
import { SHORTCUT_LETTERS, type ShortcutAction, useValidationShortcuts } from './shortcuts';

/**
 * One record under review: its patient, its samples with every result, a box per sample, and the
 * two actions. Validation takes the chosen removed samples, invalidation the chosen validated (or
 * sent) ones once a reason is given; the server refuses what spec.md §4 forbids (nothing chosen,
 * NCT, LBloc, wrong status), and the boxes say beforehand which samples it would refuse. A sent
 * record may only be invalidated: that starts its amendment. Alt+letter shortcuts drive a morning's
 * queue without the mouse.
 */
export function RecordReview({
  locale,
  recordId,
  previousId = null,
  nextId = null,
  step = 'validate',
}: {
  locale: WebLocale;
  recordId: string;
  /** The screen's step: which samples 'choose the ready samples' takes. */
  step?: Step;
  /** The neighbours in the queue, for 'previous' and 'next' (validate mode). */
  previousId?: string | null;
  nextId?: string | null;
}) {
  const { t } = useTranslation('validation');
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
  const data = preview.data;
  const record = data?.record;
  const marks = { cancelled: record?.record_annulr_flag ?? false, lbloc: record?.record_lbloc_flag ?? false };
  const sampleStates = data?.samples.map((entry) => entry.sample) ?? [];
  const statusOf = new Map(sampleStates.map((sample) => [sample.sample_id, sample.sample_status]));
  const ready = readySamples(sampleStates, marks, step);
  const canValidate = Boolean(rights?.validation_admin) && record !== undefined && !isFrozenRecord(record);
  const canInvalidate = Boolean(rights?.invalidation_admin) && !marks.cancelled;

  // The mutations are not quiet: an error is the app's toast.
  const validate = () => {
    if (!record || validating.isPending) return;
    statusBefore.current = record.record_status;
    validating.mutate({ record_id: recordId, sample_ids: samplesForStep('validate', chosen, statusOf) });
  };
  const open = (id: string | null) => id && void navigate(hrefTo(locale, 'validateRecord', { recordId: id }));
  const handlers: Partial<Record<ShortcutAction, () => void>> = {
    selectReady: () => setChosen(new Set(ready)),
    previous: () => open(previousId),
    next: () => open(nextId),
    ...(canValidate ? { validate } : {}),
    ...(canInvalidate ? { invalidate: () => setAsking(true) } : {}),
  };
  useValidationShortcuts(asking ? {} : handlers);

  if (preview.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!data || !record) return <Alert color="red">{t('not_found')}</Alert>;
  const tubes = new Map(
    record.samples.map((sample) => [
      sample.sample_id,
      [sample.sample_type_name, sample.matrix_name].filter(Boolean).join(' · ') || null,
    ]),
  );
  const choose = (sampleId: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(sampleId);
      else next.delete(sampleId);
      return next;
    });
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
  const keys = (Object.keys(SHORTCUT_LETTERS) as ShortcutAction[]).filter((action) => handlers[action]);
  return (
    <Stack
      gap="xs"
      data-testid="record-review"
      data-record={record.record_id}
      data-status={record.record_status}
    >
      <ReviewHeader locale={locale} record={record} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Button
          size="compact-sm"
          variant="default"
          disabled={ready.length === 0}
          onClick={() => setChosen(new Set(ready))}
          data-action="select-ready"
        >
          {t(step === 'validate' ? 'selection.select_ready' : 'selection.select_validated', {
            count: ready.length,
          })}
        </Button>
        <Text size="xs" c="dimmed" data-testid="shortcuts-help">
          {t('shortcuts.help', {
            keys: keys
              .map((action) => t(`shortcuts.${action}`, { key: SHORTCUT_LETTERS[action] }))
              .join(' · '),
          })}
        </Text>
      </Group>
      {data.samples.map((entry) => {
        const reason = blockReason(entry.sample, marks);
        return (
          <SampleResultsCard
            key={entry.sample.sample_id}
            entry={entry}
            tube={tubes.get(entry.sample.sample_id) ?? null}
            choosable={reason === null}
            blockedReason={reason ? t(`blocked.${reason}`) : null}
            chosen={chosen.has(entry.sample.sample_id)}
            onChoose={(on) => choose(entry.sample.sample_id, on)}
          />
        );
      })}
      <InterpretationField
        recordId={record.record_id}
        text={record.record_interpretation ?? null}
        stamp={record.record_last_updated}
        readOnly={!canValidate || record.record_status >= RECORD_STATUS.pendingSubmission}
      />
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed" mr="auto">
          {t('selection.chosen', { count: chosen.size })}
        </Text>
        {rights?.invalidation_admin ? (
          <Button
            variant="default"
            color="red"
            onClick={() => setAsking(true)}
            disabled={marks.cancelled}
            data-action="invalidate"
          >
            {t('selection.invalidate')}
          </Button>
        ) : null}
        {rights?.validation_admin ? (
          <Button
            onClick={validate}
            loading={validating.isPending}
            disabled={!canValidate}
            data-action="validate"
          >
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
