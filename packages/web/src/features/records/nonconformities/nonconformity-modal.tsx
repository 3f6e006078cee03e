import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../../lib/form/form-resolver';
import { notifyApiError, showToast } from '../../../lib/notify';

export interface NonconformityValues {
  code: string | null;
  choice: string | null;
  text: string;
}

interface Choice {
  value: string;
  label: string;
}

/** The contract's texts of a non-conformity (description, solution, reason) hold 2000 characters. */
const TEXT_LENGTH = 2000;

/**
 * What the form asks of each step: a code when the step has a list, a choice when it has one, a
 * text when the step needs it or the code is 'other'. The call's own body schema checks the rest.
 */
function nonconformitySchema(needsCode: boolean, needsChoice: boolean, textRequired: boolean) {
  const present = z.string().min(1);
  return z
    .object({
      code: needsCode ? present : z.null(),
      choice: needsChoice ? present : z.string().nullable(),
      text: z.string().trim().max(TEXT_LENGTH),
    })
    .refine((values) => !(textRequired || values.code === 'other') || values.text !== '', {
      path: ['text'],
      message: 'required',
    });
}

/** What a step's call does once saved: its toast, then the modal closes; an error is a toast. */
export function closingAfter(close: () => void, message: string) {
  return {
    onSuccess: () => {
      showToast('success', message);
      close();
    },
    onError: notifyApiError,
  };
}

/**
 * The one form of every non-conformity step: a code from its list (spec.md §9), a choice (the
 * analysis of an ANE), and a text (description, solution or reason). 'Other' needs its description;
 * a solution or a reason is always needed when `textRequired`. The caller's mutation saves it.
 */
export function NonconformityModal({
  title,
  codes,
  choices,
  choiceLabel,
  textLabel,
  textRequired = false,
  saving,
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
  /** The caller's mutation is running. */
  saving: boolean;
  onSubmit: (values: NonconformityValues) => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('records');
  const schema = nonconformitySchema(codes !== undefined, choices !== undefined, textRequired);
  const form = useForm<NonconformityValues>({
    resolver: schemaResolver(schema),
    defaultValues: {
      code: null,
      choice: choices?.length === 1 ? (choices[0]?.value ?? null) : null,
      text: '',
    },
  });
  const [code, choice, text] = form.watch(['code', 'choice', 'text']);
  const textNeeded = textRequired || code === 'other';
  const ready =
    (!codes || code !== null) && (!choices || choice !== null) && (!textNeeded || text.trim() !== '');
  const submit = form.handleSubmit(onSubmit);

  return (
    <Modal opened onClose={onClose} title={title} data-testid={testId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack>
          {choices ? (
            <Controller
              control={form.control}
              name="choice"
              render={({ field }) => (
                <Select
                  label={choiceLabel}
                  data={choices.map((each) => ({ value: each.value, label: each.label }))}
                  value={field.value}
                  onChange={field.onChange}
                  required
                  searchable
                  comboboxProps={{ withinPortal: false }}
                  data-field="choice"
                />
              )}
            />
          ) : null}
          {codes ? (
            <Controller
              control={form.control}
              name="code"
              render={({ field }) => (
                <Select
                  label={t('nonconformities.code')}
                  data={codes.map((value) => ({ value, label: t(`nonconformities.codes.${value}`) }))}
                  value={field.value}
                  onChange={field.onChange}
                  required
                  searchable
                  comboboxProps={{ withinPortal: false }}
                  data-field="code"
                />
              )}
            />
          ) : null}
          <Textarea
            label={textLabel}
            autosize
            minRows={2}
            maxLength={TEXT_LENGTH}
            required={textNeeded}
            {...form.register('text')}
            data-field="text"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('nonconformities.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} loading={saving} data-action="save-nonconformity">
              {t('nonconformities.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
