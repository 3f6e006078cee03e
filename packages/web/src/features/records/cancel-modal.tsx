import { Button, Group, Modal, Switch, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, showToast } from '../../lib/notify';
import { useCancelRecord } from './api';

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
  const [explanation, setExplanation] = useState('');
  const [replace, setReplace] = useState(true);
  const [saving, setSaving] = useState(false);
  const tooShort = explanation.trim().length < 3;

  const confirm = async () => {
    setSaving(true);
    try {
      const answer = await cancelling.mutateAsync({
        record_id: recordId,
        record_last_updated: stamp,
        record_annulment_explanation: explanation.trim(),
        replace,
      });
      showToast('success', t('toast.recordCancelled'));
      onReplaced(answer.replacement?.record_id ?? null);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('cancel.title')}>
      <Textarea
        label={t('cancel.explanation')}
        description={t('cancel.explanation_hint')}
        autosize
        minRows={3}
        value={explanation}
        onChange={(event) => setExplanation(event.currentTarget.value)}
        data-field="record_annulment_explanation"
      />
      <Switch
        mt="md"
        label={t('cancel.replace')}
        checked={replace}
        onChange={(e) => setReplace(e.currentTarget.checked)}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button
          color="red"
          disabled={tooShort}
          loading={saving}
          onClick={() => void confirm()}
          data-action="confirm-cancel"
        >
          {t('cancel.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
