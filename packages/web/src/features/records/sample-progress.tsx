import { Alert, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { nextSampleStatuses, SAMPLE_STATUS_KEYS, type SampleRow, type SampleStatus } from '@sil/contract';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { useMoveSample } from './api';

/**
 * The next steps of a sample (spec.md §4 'Sample progress'): only those the status rules give to a
 * bench update ('validated' is validation's). Completing a sample ('removed') while results are
 * missing makes the server answer 403 `forceSaveRequired`; the screen then asks for confirmation,
 * with the spec's warning, and sends the step again with `force_save`.
 */
export function SampleProgress({
  recordId,
  sample,
}: {
  recordId: string;
  sample: Pick<SampleRow, 'sample_id' | 'sample_status'>;
}) {
  const { t } = useTranslation('records');
  const moving = useMoveSample(recordId);
  const [confirming, setConfirming] = useState<{ to: number; missing: number } | null>(null);
  const steps = nextSampleStatuses(sample.sample_status as SampleStatus, 'sampleProgress');
  if (steps.length === 0) return null;

  const move = (to: number, forceSave = false) =>
    moving.mutate(
      { sample_id: sample.sample_id, sample_status: to, ...(forceSave ? { force_save: true } : {}) },
      {
        onSuccess: () => {
          setConfirming(null);
          showToast('success', t('toast.sampleUpdated'));
        },
        onError: (error) => {
          // Missing results: the user is asked whether to move the sample all the same.
          if (error instanceof ApiError && error.code === 'forceSaveRequired') {
            const details = error.details as { missing_results?: unknown[] } | undefined;
            setConfirming({ to, missing: details?.missing_results?.length ?? 0 });
            return;
          }
          setConfirming(null);
          notifyApiError(error);
        },
      },
    );

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="subtle"
            rightSection={<IconChevronDown size={12} />}
            loading={moving.isPending}
            data-action="sample-progress"
          >
            {t('sample_progress.advance')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {steps.map((to) => (
            <Menu.Item key={to} onClick={() => move(to)} data-status={to}>
              {t(`sample_progress.${SAMPLE_STATUS_KEYS[to]}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {confirming ? (
        <Modal opened onClose={() => setConfirming(null)} title={t('sample_progress.confirm_title')}>
          <Alert color="orange">{t('sample_progress.missing_results', { count: confirming.missing })}</Alert>
          <Text size="sm" mt="sm">
            {t('sample_progress.invalidate_warning')}
          </Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              color="orange"
              loading={moving.isPending}
              onClick={() => move(confirming.to, true)}
              data-action="force-save"
            >
              {t('sample_progress.force_save')}
            </Button>
          </Group>
        </Modal>
      ) : null}
    </>
  );
}
