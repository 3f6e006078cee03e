import { Button, Group, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError, showToast } from '../../lib/notify';
import { useSaveNotes } from './api';

/** Internal notes of the record (update-record-comments): never shown on the report. */
export function NotesCard({
  recordId,
  notes,
  stamp,
  frozen,
}: {
  recordId: string;
  notes: string;
  /** record_last_updated as read: a note is refused (staleUpdate) if the record changed since. */
  stamp: string;
  /** A cancelled or sent record takes no note. */
  frozen: boolean;
}) {
  const { t } = useTranslation('records');
  const notesSaving = useSaveNotes();
  const [text, setText] = useState(notes);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await notesSaving.mutateAsync({
        record_id: recordId,
        record_last_updated: stamp,
        record_internal_notes: text,
      });
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
        readOnly={frozen}
        onChange={(event) => setText(event.currentTarget.value)}
        data-field="record_internal_notes"
      />
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          disabled={frozen || text === notes}
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
