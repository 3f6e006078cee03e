import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { INVALIDATION_REASON_MAX, InvalidationBody } from '@sil/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';

/** What the user writes; the samples are the ones chosen on the screen. */
const ReasonForm = InvalidationBody.pick({ reason: true });

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
  const form = useForm<z.input<typeof ReasonForm>, unknown, z.output<typeof ReasonForm>>({
    resolver: schemaResolver(ReasonForm),
    defaultValues: { reason: '' },
  });
  const blank = form.watch('reason').trim().length === 0;
  const confirm = form.handleSubmit((values) => onConfirm(values.reason));

  return (
    <Modal opened onClose={onClose} title={t('invalidate.title')} data-testid="invalidate-dialog">
      <Text size="sm" mb="sm">
        {t('invalidate.samples', { count })}
      </Text>
      {sent ? (
        <Text size="sm" mb="sm" c="orange" data-testid="invalidate-sent">
          {t('invalidate.sent')}
        </Text>
      ) : null}
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <Textarea
          label={t('invalidate.reason')}
          description={t('invalidate.reason_hint')}
          required
          autosize
          minRows={3}
          maxLength={INVALIDATION_REASON_MAX}
          {...form.register('reason')}
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
            type="submit"
            data-action="confirm-invalidate"
          >
            {t('invalidate.confirm')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
