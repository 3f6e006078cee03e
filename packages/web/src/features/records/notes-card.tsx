import { Button, Group, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api-client';
import { notifyApiError, showToast } from '../../lib/notify';
import { recordKeys } from './record-queries';

/** Internal notes of the record (update-record-comments): never shown on the report. */
export function NotesCard({ recordId, notes }: { recordId: string; notes: string }) {
  const { t } = useTranslation('records');
  const queryClient = useQueryClient();
  const [text, setText] = useState(notes);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await call('updateRecordComments', { body: { record_id: recordId, record_internal_notes: text } });
      showToast('success', t('toast.notesSaved'));
      void queryClient.invalidateQueries({ queryKey: recordKeys.record(recordId) });
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Textarea
        label={t('record.internal_notes')}
        autosize
        minRows={3}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-field="record_internal_notes"
      />
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          disabled={text === notes}
          loading={saving}
          onClick={() => void save()}
          data-action="save-notes"
        >
          {t('common.save')}
        </Button>
      </Group>
    </>
  );
}
