import { Button, Group, Modal, Stack, Switch, Textarea } from '@mantine/core';
import type { RecordRow } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField, localDateTimeInput } from '../../../lib/form/date-time-field';
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
/** A typed time is the laboratory's clock; an unfinished one travels as typed so the server names it. */
const labInstant = (text: string) => {
  const typed = orNull(text);
  return typed === null ? null : (instantOfLabWallClock(typed) ?? typed);
};

/** DEROG (flag, description), UH (flag, expected time) and Delai (spec.md §3 'Record'), saved with the record's stamp. */
export function DeviationsModal({ record, onClose }: { record: RecordRow; onClose: () => void }) {
  const { t } = useTranslation('records');
  const saving = useNonconformityChange('updatePatient');
  const [values, setValues] = useState(() => valuesOf(record));
  const set = <K extends keyof Deviations>(key: K, value: Deviations[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const text = (key: keyof Deviations, label: string) => (
    <Textarea
      label={label}
      autosize
      minRows={1}
      maxLength={2000}
      value={String(values[key])}
      onChange={(event) => set(key, event.currentTarget.value)}
      data-field={key}
    />
  );
  const time = (key: keyof Deviations, label: string) => (
    <DateTimeField
      label={label}
      value={String(values[key])}
      onChange={(value) => set(key, value)}
      data-field={key}
    />
  );

  const save = async () => {
    try {
      await saving.mutateAsync({
        record_id: record.record_id,
        record_last_updated: record.record_last_updated,
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
      showToast('success', t('nonconformities.toast.deviationsSaved'));
      onClose();
    } catch (error) {
      notifyApiError(error);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('nonconformities.deviations')} data-testid="deviations-modal">
      <Stack>
        <Switch
          label={t('nonconformities.derog')}
          checked={values.record_derog_flag}
          onChange={(event) => set('record_derog_flag', event.currentTarget.checked)}
          data-field="record_derog_flag"
        />
        {values.record_derog_flag
          ? text('record_derog_description', t('nonconformities.derog_description'))
          : null}
        <Switch
          label={t('nonconformities.uh')}
          checked={values.record_uh_flag}
          onChange={(event) => set('record_uh_flag', event.currentTarget.checked)}
          data-field="record_uh_flag"
        />
        {values.record_uh_flag
          ? time('record_uh_expected_time', t('nonconformities.uh_expected_time'))
          : null}
        <Switch
          label={t('nonconformities.delai')}
          checked={values.record_delai_flag}
          onChange={(event) => set('record_delai_flag', event.currentTarget.checked)}
          data-field="record_delai_flag"
        />
        {values.record_delai_flag ? (
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
          <Button loading={saving.isPending} onClick={() => void save()} data-action="save-deviations">
            {t('nonconformities.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
