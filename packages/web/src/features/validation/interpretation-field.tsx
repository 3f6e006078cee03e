import { Button, Group, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify';
import { useSetInterpretation } from './api';

/**
 * The record's interpretation (spec.md §3), written while validating and printed on the report as
 * its conclusion. Saved on its own, against the record's stamp as read; read-only once the record
 * is validated in full (a change then goes through invalidation).
 */
export function InterpretationField({
  recordId,
  text,
  stamp,
  readOnly,
}: {
  recordId: string;
  text: string | null;
  stamp: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation('validation');
  const saving = useSetInterpretation();
  const [value, setValue] = useState(text ?? '');
  // A new record, or the same one read again after a save: the field shows what is stored.
  useEffect(() => setValue(text ?? ''), [text]);
  const changed = value.trim() !== (text ?? '').trim();
  const save = () =>
    saving.mutate(
      { record_id: recordId, record_last_updated: stamp, record_interpretation: value },
      { onSuccess: () => showToast('success', t('interpretation.saved')) },
    );
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap" data-testid="interpretation">
      <Textarea
        label={t('interpretation.label')}
        placeholder={t('interpretation.placeholder')}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={5000}
        readOnly={readOnly}
        style={{ flex: 1 }}
        data-field="record_interpretation"
      />
      {readOnly ? null : (
        <Button
          variant="light"
          onClick={save}
          loading={saving.isPending}
          disabled={!changed}
          data-action="save-interpretation"
        >
          {t('interpretation.save')}
        </Button>
      )}
    </Group>
  );
}
