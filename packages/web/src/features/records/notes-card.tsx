import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, showToast } from '../../lib/notify';
import { useSaveNotes } from './api';

/** Internal notes of the record (update-record-comments): never shown on the report. */
export function NotesCard({ recordId, notes }: { recordId: string; notes: string }) {
  const { t } = useTranslation('records');
  const notesSaving = useSaveNotes();
  const [text, setText] = useState(notes);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await notesSaving.mutateAsync({ record_id: recordId, record_internal_notes: text });
      showToast('success', t('toast.notesSaved'));
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
