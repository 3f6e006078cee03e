import { Button, Group, Modal, Stack, Switch, Textarea } from '@mantine/core';
import { type RecordRow, recordFields } from '@sil/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateTimeField, localDateTimeInput } from '../../../lib/form/date-time-field';
import { schemaResolver } from '../../../lib/form/form-resolver';
import { issueText } from '../../../lib/form/issue-text';
import { instantOfLabWallClock } from '../../../lib/format/lab-time';
import { notifyApiError, showToast } from '../../../lib/notify';
import { useNonconformityChange } from './api';

interface Deviations {
  record_derog_flag: boolean;
  record_derog_description: string;
  record_uh_flag: boolean;
  record_uh_expected_time: string;
  record_delai_flag: boolean;
  record_delai_cause: string;
  record_delai_expected_time: string;
  record_delai_actual_time: string;
  record_delai_impact: string;
}
type TextKey = 'record_derog_description' | 'record_delai_cause' | 'record_delai_impact';
type TimeKey = 'record_uh_expected_time' | 'record_delai_expected_time' | 'record_delai_actual_time';

const valuesOf = (record: RecordRow): Deviations => ({
  record_derog_flag: record.record_derog_flag ?? false,
  record_derog_description: record.record_derog_description ?? '',
  record_uh_flag: record.record_uh_flag ?? false,
  record_uh_expected_time: localDateTimeInput(record.record_uh_expected_time),
  record_delai_flag: record.record_delai_flag ?? false,
  record_delai_cause: record.record_delai_cause ?? '',
  record_delai_expected_time: localDateTimeInput(record.record_delai_expected_time),
  record_delai_actual_time: localDateTimeInput(record.record_delai_actual_time),
  record_delai_impact: record.record_delai_impact ?? '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
/** A typed time is the laboratory's clock; an unfinished one travels as typed so the schema names it. */
const labInstant = (text: string) => {
  const typed = orNull(text);
  return typed === null ? null : (instantOfLabWallClock(typed) ?? typed);
};

/** The record fields of the three deviations, as the contract checks them in update-patient. */
const DeviationsBody = z.object({
  record_derog_flag: recordFields.record_derog_flag,
  record_derog_description: recordFields.record_derog_description,
  record_uh_flag: recordFields.record_uh_flag,
  record_uh_expected_time: recordFields.record_uh_expected_time,
  record_delai_flag: recordFields.record_delai_flag,
  record_delai_cause: recordFields.record_delai_cause,
  record_delai_expected_time: recordFields.record_delai_expected_time,
  record_delai_actual_time: recordFields.record_delai_actual_time,
  record_delai_impact: recordFields.record_delai_impact,
});
const bodyOf = (values: Deviations): z.input<typeof DeviationsBody> => ({
  record_derog_flag: values.record_derog_flag,
  record_derog_description: orNull(values.record_derog_description),
  record_uh_flag: values.record_uh_flag,
  record_uh_expected_time: labInstant(values.record_uh_expected_time),
  record_delai_flag: values.record_delai_flag,
  record_delai_cause: orNull(values.record_delai_cause),
  record_delai_expected_time: labInstant(values.record_delai_expected_time),
  record_delai_actual_time: labInstant(values.record_delai_actual_time),
  record_delai_impact: orNull(values.record_delai_impact),
});

const deviationsResolver = schemaResolver(z.custom<Deviations>().transform(bodyOf).pipe(DeviationsBody));

/** DEROG (flag, description), UH (flag, expected time) and Delai (spec.md §3 'Record'), saved with the record's stamp. */
export function DeviationsModal({ record, onClose }: { record: RecordRow; onClose: () => void }) {
  const { t } = useTranslation('records');
  const { t: tIssues } = useTranslation('tables');
  const { t: tc } = useTranslation();
  const saving = useNonconformityChange('updatePatient');
  const form = useForm<Deviations, unknown, z.output<typeof DeviationsBody>>({
    resolver: deviationsResolver,
    defaultValues: valuesOf(record),
  });
  const [derog, uh, delai] = form.watch(['record_derog_flag', 'record_uh_flag', 'record_delai_flag']);
  const errorOf = (key: keyof Deviations) => issueText(tIssues, form.formState.errors[key]?.message);
  const text = (key: TextKey, label: string) => (
    <Textarea
      label={label}
      autosize
      minRows={1}
      maxLength={2000}
      {...form.register(key)}
      error={errorOf(key)}
      data-field={key}
    />
  );
  const time = (key: TimeKey, label: string) => (
    <Controller
      control={form.control}
      name={key}
      render={({ field }) => (
        <DateTimeField
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          // A typed time fails only while its day or its time is unfinished.
          error={form.formState.errors[key] ? tc('date_field.time_incomplete') : undefined}
          data-field={key}
        />
      )}
    />
  );
  const flag = (key: 'record_derog_flag' | 'record_uh_flag' | 'record_delai_flag', label: string) => (
    <Controller
      control={form.control}
      name={key}
      render={({ field }) => (
        <Switch
          label={label}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          data-field={key}
        />
      )}
    />
  );

  const save = form.handleSubmit((body) =>
    saving.mutate(
      { record_id: record.record_id, record_last_updated: record.record_last_updated, ...body },
      {
        onSuccess: () => {
          showToast('success', t('nonconformities.toast.deviationsSaved'));
          onClose();
        },
        onError: notifyApiError,
      },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={t('nonconformities.deviations')} data-testid="deviations-modal">
      <form noValidate onSubmit={(event) => void save(event)}>
        <Stack>
          {flag('record_derog_flag', t('nonconformities.derog'))}
          {derog ? text('record_derog_description', t('nonconformities.derog_description')) : null}
          {flag('record_uh_flag', t('nonconformities.uh'))}
          {uh ? time('record_uh_expected_time', t('nonconformities.uh_expected_time')) : null}
          {flag('record_delai_flag', t('nonconformities.delai'))}
          {delai ? (
            <>
              {text('record_delai_cause', t('nonconformities.delai_cause'))}
              {time('record_delai_expected_time', t('nonconformities.delai_expected_time'))}
              {time('record_delai_actual_time', t('nonconformities.delai_actual_time'))}
              {text('record_delai_impact', t('nonconformities.delai_impact'))}
            </>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('nonconformities.cancel')}
            </Button>
            <Button type="submit" loading={saving.isPending} data-action="save-deviations">
              {t('nonconformities.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
