import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { INVALIDATION_REASON_MAX } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The reason of an invalidation (issue 37), asked before anything is taken back: required, it goes
 * with every trace entry of the step and is printed on the report version that will replace this
 * one ('Ce compte rendu annule et remplace…'), so it is written for whoever holds the report.
 */
export function InvalidateModal({
  count,
  sent,
  saving,
  onConfirm,
  onClose,
}: {
  /** Samples chosen to take back. */
  count: number;
  /** The record's report has gone out: its recipients will receive the amended one. */
  sent: boolean;
  saving: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('validation');
  const [reason, setReason] = useState('');
  const blank = reason.trim().length === 0;

  return (
    <Modal opened onClose={onClose} title={t('invalidate.title')} data-testid="invalidate-dialog">
      <Text size="sm" mb="sm">
        {t('invalidate.samples', { count })}
      </Text>
      {sent ? (
        <Text size="sm" mb="sm" c="orange.8" data-testid="invalidate-sent">
          {t('invalidate.sent')}
        </Text>
      ) : null}
      <Textarea
        label={t('invalidate.reason')}
        description={t('invalidate.reason_hint')}
        required
        autosize
        minRows={3}
        maxLength={INVALIDATION_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        data-field="reason"
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('invalidate.back')}
        </Button>
        <Button
          color="red"
          disabled={blank}
          loading={saving}
          onClick={() => onConfirm(reason.trim())}
          data-action="confirm-invalidate"
        >
          {t('invalidate.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
