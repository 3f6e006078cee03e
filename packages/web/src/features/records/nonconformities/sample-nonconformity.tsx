import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { NCT_CODES, type SampleRow } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, showToast } from '../../../lib/notify';
import { useNonconformityChange } from './api';
import { closingAfter, NonconformityModal } from './nonconformity-modal';

type Step = 'openNct' | 'closeNct' | 'lock' | null;

/**
 * A sample's NCT and LBloc (spec.md §3 'Sample'): where they stand and, for the samples right,
 * the step that changes them. The technician opens an NCT from the bench; the record shows it too.
 */
export function SampleNonconformity({ sample, editable }: { sample: SampleRow; editable: boolean }) {
  const { t } = useTranslation('records');
  const [step, setStep] = useState<Step>(null);
  const openNct = useNonconformityChange('openNct');
  const closeNct = useNonconformityChange('closeNct');
  const lock = useNonconformityChange('updateSampleLbloc');
  const stamp = { sample_id: sample.sample_id, sample_last_updated: sample.sample_last_updated };
  const nctCode = sample.sample_nct_code;
  const close = () => setStep(null);

  return (
    <Stack gap={4} data-testid="sample-nonconformity" data-sample-number={sample.sample_number}>
      <Group gap="xs" wrap="wrap">
        {sample.sample_nct_active ? (
          <Badge color="red" data-state="nct-active">
            {t('nonconformities.nct_active')}
          </Badge>
        ) : null}
        {sample.sample_lbloc_flag ? (
          <Badge color="orange" data-state="lbloc-active">
            {t('nonconformities.lbloc_active')}
          </Badge>
        ) : null}
        {editable ? (
          <>
            {sample.sample_nct_active ? (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => setStep('closeNct')}
                data-action="close-nct"
              >
                {t('nonconformities.close_nct')}
              </Button>
            ) : (
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                onClick={() => setStep('openNct')}
                data-action="open-nct"
              >
                {t('nonconformities.open_nct')}
              </Button>
            )}
            {sample.sample_lbloc_flag ? (
              <Button
                size="compact-xs"
                variant="subtle"
                data-action="unlock-sample"
                loading={lock.isPending}
                onClick={() =>
                  lock.mutate(
                    { ...stamp, sample_lbloc_flag: false },
                    {
                      onSuccess: () => showToast('success', t('nonconformities.toast.lblocSaved')),
                      onError: notifyApiError,
                    },
                  )
                }
              >
                {t('nonconformities.unlock_sample')}
              </Button>
            ) : (
              <Button
                size="compact-xs"
                variant="subtle"
                color="orange"
                onClick={() => setStep('lock')}
                data-action="lock-sample"
              >
                {t('nonconformities.lock_sample')}
              </Button>
            )}
          </>
        ) : null}
      </Group>
      {nctCode ? (
        <Text size="xs" c={sample.sample_nct_active ? undefined : 'dimmed'} data-testid="nct-text">
          {`${sample.sample_nct_active ? t('nonconformities.nct_active') : t('nonconformities.nct_closed')} · ${t(`nonconformities.codes.${nctCode}`, { defaultValue: nctCode })}`}
          {sample.sample_nct_description ? ` — ${sample.sample_nct_description}` : ''}
          {sample.sample_nct_solution
            ? ` · ${t('nonconformities.solution', { text: sample.sample_nct_solution })}`
            : ''}
        </Text>
      ) : null}
      {sample.sample_lbloc_flag && sample.sample_lbloc_description ? (
        <Text size="xs">{sample.sample_lbloc_description}</Text>
      ) : null}
      {step === 'openNct' ? (
        <NonconformityModal
          testId="open-nct-modal"
          title={`${t('nonconformities.open_nct')} — ${sample.sample_number}`}
          codes={NCT_CODES}
          textLabel={t('nonconformities.description')}
          onClose={close}
          saving={openNct.isPending}
          onSubmit={({ code, text }) =>
            openNct.mutate(
              {
                ...stamp,
                sample_nct_code: code as (typeof NCT_CODES)[number],
                sample_nct_description: text || null,
              },
              closingAfter(close, t('nonconformities.toast.nctOpened')),
            )
          }
        />
      ) : null}
      {step === 'closeNct' ? (
        <NonconformityModal
          testId="close-nct-modal"
          title={`${t('nonconformities.close_nct')} — ${sample.sample_number}`}
          textLabel={t('nonconformities.solution_label')}
          textRequired
          onClose={close}
          saving={closeNct.isPending}
          onSubmit={({ text }) =>
            closeNct.mutate(
              { ...stamp, sample_nct_solution: text },
              closingAfter(close, t('nonconformities.toast.nctClosed')),
            )
          }
        />
      ) : null}
      {step === 'lock' ? (
        <NonconformityModal
          testId="lock-sample-modal"
          title={`${t('nonconformities.lock_sample')} — ${sample.sample_number}`}
          textLabel={t('nonconformities.lbloc_description')}
          textRequired
          onClose={close}
          saving={lock.isPending}
          onSubmit={({ text }) =>
            lock.mutate(
              { ...stamp, sample_lbloc_flag: true, sample_lbloc_description: text },
              closingAfter(close, t('nonconformities.toast.lblocSaved')),
            )
          }
        />
      ) : null}
    </Stack>
  );
}
