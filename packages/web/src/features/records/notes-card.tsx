import { Button, Group, Textarea } from '@mantine/core';
import { UpdateRecordCommentsBody } from '@sil/contract';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { notifyApiError, showToast } from '../../lib/notify';
import { useSaveNotes } from './api';

const NotesForm = UpdateRecordCommentsBody.pick({ record_internal_notes: true });
type NotesForm = z.infer<typeof NotesForm>;

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
  const { t: tIssues } = useTranslation('tables');
  const notesSaving = useSaveNotes();
  // The record may be read again while the user types (a reception, a colleague's change): the
  // typed text stays (keepDirtyValues), and it is saved against the newest stamp only if the notes
  // themselves did not change since it was started; otherwise the stamp it started from makes the
  // server refuse it (staleUpdate) rather than overwrite a colleague's notes.
  const form = useForm<NotesForm>({
    resolver: schemaResolver(NotesForm),
    values: { record_internal_notes: notes },
    resetOptions: { keepDirtyValues: true },
  });
  const startedFrom = useRef<{ notes: string; stamp: string } | null>(null);
  const text = form.watch('record_internal_notes');

  const save = form.handleSubmit((values) => {
    const origin = startedFrom.current ?? { notes, stamp };
    notesSaving.mutate(
      {
        record_id: recordId,
        record_last_updated: origin.notes === notes ? stamp : origin.stamp,
        ...values,
      },
      {
        onSuccess: () => {
          startedFrom.current = null;
          form.reset(values);
          showToast('success', t('toast.notesSaved'));
        },
        onError: notifyApiError,
      },
    );
  });
  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Textarea
        label={t('record.internal_notes')}
        autosize
        minRows={3}
        readOnly={frozen}
        {...form.register('record_internal_notes', {
          onChange: () => {
            startedFrom.current ??= { notes, stamp };
          },
        })}
        error={issueText(tIssues, form.formState.errors.record_internal_notes?.message)}
        data-field="record_internal_notes"
      />
      <Group justify="flex-end" mt="xs">
        <Button
          type="submit"
          size="xs"
          disabled={frozen || text === notes}
          loading={notesSaving.isPending}
          data-action="save-notes"
        >
          {t('common.save')}
        </Button>
      </Group>
    </form>
  );
}
