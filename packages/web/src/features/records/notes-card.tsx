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
  // What the user typed, with the notes and stamp it started from. The record may be read again
  // meanwhile (a reception, a colleague's change): the typed text stays, and it is saved against
  // the newest stamp only if the notes themselves did not change since; otherwise the old stamp
  // makes the server refuse it (staleUpdate) rather than overwrite a colleague's notes.
  const [draft, setDraft] = useState<{ text: string; from: string; stamp: string } | null>(null);
  const text = draft?.text ?? notes;
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await notesSaving.mutateAsync({
        record_id: recordId,
        record_last_updated: draft.from === notes ? stamp : draft.stamp,
        record_internal_notes: draft.text,
      });
      setDraft(null);
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
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setDraft((current) => ({
            text: typed,
            from: current?.from ?? notes,
            stamp: current?.stamp ?? stamp,
          }));
        }}
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
