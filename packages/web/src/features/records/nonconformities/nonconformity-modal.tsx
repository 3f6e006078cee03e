import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyApiError } from '../../../lib/notify';

export interface NonconformityValues {
  code: string | null;
  choice: string | null;
  text: string;
}

interface Choice {
  value: string;
  label: string;
}

/**
 * The one form of every non-conformity step: a code from its list (spec.md §9), a choice (the
 * analysis of an ANE), and a text (description, solution or reason). 'Other' needs its description;
 * a solution or a reason is always needed when `textRequired`.
 */
export function NonconformityModal({
  title,
  codes,
  choices,
  choiceLabel,
  textLabel,
  textRequired = false,
  onSubmit,
  onClose,
  testId,
}: {
  title: string;
  codes?: readonly string[];
  choices?: readonly Choice[];
  choiceLabel?: string;
  textLabel: string;
  textRequired?: boolean;
  onSubmit: (values: NonconformityValues) => Promise<void>;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('records');
  const [code, setCode] = useState<string | null>(null);
  const [choice, setChoice] = useState<string | null>(
    choices?.length === 1 ? (choices[0]?.value ?? null) : null,
  );
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const textNeeded = textRequired || code === 'other';
  const ready =
    (!codes || code !== null) && (!choices || choice !== null) && (!textNeeded || text.trim() !== '');

  const submit = async () => {
    setSaving(true);
    try {
      await onSubmit({ code, choice, text: text.trim() });
      onClose();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} data-testid={testId}>
      <Stack>
        {choices ? (
          <Select
            label={choiceLabel}
            data={choices.map((each) => ({ value: each.value, label: each.label }))}
            value={choice}
            onChange={setChoice}
            required
            searchable
            comboboxProps={{ withinPortal: false }}
            data-field="choice"
          />
        ) : null}
        {codes ? (
          <Select
            label={t('nonconformities.code')}
            data={codes.map((value) => ({ value, label: t(`nonconformities.codes.${value}`) }))}
            value={code}
            onChange={setCode}
            required
            searchable
            comboboxProps={{ withinPortal: false }}
            data-field="code"
          />
        ) : null}
        <Textarea
          label={textLabel}
          autosize
          minRows={2}
          maxLength={2000}
          required={textNeeded}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-field="text"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('nonconformities.cancel')}
          </Button>
          <Button
            disabled={!ready}
            loading={saving}
            onClick={() => void submit()}
            data-action="save-nonconformity"
          >
            {t('nonconformities.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
