import { Button, Group, Modal, Switch, Textarea } from '@mantine/core';
import { CancelRecordBody } from '@sil/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { notifyApiError, showToast } from '../../lib/notify';
import { useCancelRecord } from './api';

/** What the user fills in; the record and its stamp come from the screen. */
const CancelForm = CancelRecordBody.pick({ record_annulment_explanation: true, replace: true });

/** Cancel-and-replace (spec.md §4): the explanation is required; the replacing record is a copy. */
export function CancelModal({
  recordId,
  stamp,
  onClose,
  onReplaced,
}: {
  recordId: string;
  stamp: string;
  onClose: () => void;
  onReplaced: (replacementId: string | null) => void;
}) {
  const { t } = useTranslation('records');
  const cancelling = useCancelRecord();
  const form = useForm<z.input<typeof CancelForm>, unknown, z.output<typeof CancelForm>>({
    resolver: schemaResolver(CancelForm),
    defaultValues: { record_annulment_explanation: '', replace: true },
  });
  // The button waits for an explanation the contract accepts (three characters at least).
  const tooShort = !CancelForm.shape.record_annulment_explanation.safeParse(
    form.watch('record_annulment_explanation'),
  ).success;

  const confirm = form.handleSubmit((values) =>
    cancelling.mutate(
      { record_id: recordId, record_last_updated: stamp, ...values },
      {
        onSuccess: (answer) => {
          showToast('success', t('toast.recordCancelled'));
          onReplaced(answer.replacement?.record_id ?? null);
        },
        onError: notifyApiError,
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={t('cancel.title')}>
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <Textarea
          label={t('cancel.explanation')}
          description={t('cancel.explanation_hint')}
          autosize
          minRows={3}
          {...form.register('record_annulment_explanation')}
          data-field="record_annulment_explanation"
        />
        <Controller
          control={form.control}
          name="replace"
          render={({ field }) => (
            <Switch
              mt="md"
              label={t('cancel.replace')}
              checked={field.value === true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button
            type="submit"
            color="red"
            disabled={tooShort}
            loading={cancelling.isPending}
            data-action="confirm-cancel"
          >
            {t('cancel.confirm')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
