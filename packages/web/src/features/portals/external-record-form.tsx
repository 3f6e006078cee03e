import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { AddExternalRecordBody, hrefTo, PATIENT_GENDERS, type WebLocale } from '@sil/contract';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { DateField } from '../../lib/form/date-field';
import { DateTimeField } from '../../lib/form/date-time-field';
import { schemaResolver } from '../../lib/form/form-resolver';
import { instantOfLabWallClock } from '../../lib/format/lab-time';
import { notifyApiError, showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useAddExternalRecord, useOrderableAnalyses, usePreviousRecord } from './api';

interface Values {
  patient_surname: string;
  patient_name: string;
  patient_birth_name: string;
  patient_gender: string;
  patient_dob: string;
  patient_external_id: string;
  record_prescriber: string;
  record_collector: string;
  record_collection_datetime: string;
  record_prescription_date: string;
  record_is_urgent: boolean;
  analyses: string[];
}

const EMPTY: Values = {
  patient_surname: '',
  patient_name: '',
  patient_birth_name: '',
  patient_gender: '',
  patient_dob: '',
  patient_external_id: '',
  record_prescriber: '',
  record_collector: '',
  record_collection_datetime: '',
  record_prescription_date: '',
  record_is_urgent: false,
  analyses: [],
};

/** What the body sends: empty texts are left out, the analyses go as one combination. */
function bodyOf(values: Values, patientId: string | null) {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const patient = patientId
    ? { patient_id: patientId }
    : {
        patient_surname: text(values.patient_surname),
        patient_name: text(values.patient_name),
        patient_birth_name: text(values.patient_birth_name),
        patient_gender: text(values.patient_gender),
        patient_dob: text(values.patient_dob),
        patient_external_id: text(values.patient_external_id),
      };
  return {
    ...patient,
    record_prescriber: text(values.record_prescriber),
    record_collector: values.record_collector,
    // Typed on the laboratory's clock (lib/format/lab-time.ts), sent as the instant it names.
    record_collection_datetime:
      instantOfLabWallClock(values.record_collection_datetime) ?? values.record_collection_datetime,
    record_prescription_date: text(values.record_prescription_date),
    record_is_urgent: values.record_is_urgent,
    record_selected_analyses:
      values.analyses.length > 0 ? [{ combination: 1, analysis_ids: values.analyses }] : [],
  };
}

/**
 * form/external_records/{patientId?}/{recordId?} (spec.md §2): a clinic's medical user orders
 * analyses for a patient, with the collection details and who collected. With a patient id, the
 * record is one more for that patient of the clinic; with a record id too, that record's patient
 * and collection people are shown and reused. The record then waits for the laboratory to receive it.
 */
export function ExternalRecordForm({
  locale,
  patientId,
  recordId,
}: {
  locale: WebLocale;
  patientId: string | null;
  recordId: string | null;
}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const analyses = useOrderableAnalyses();
  const collectors = useLoadAll('collectors');
  const prescribers = useLoadAll('prescribers');
  const previous = usePreviousRecord(recordId);
  const known = previous.data ?? null;
  const save = useAddExternalRecord();
  // The earlier record's collection people stand in for the ones the user leaves empty.
  const withKnown = (values: Values): Values => ({
    ...values,
    record_collector: values.record_collector || known?.record_collector || '',
    record_prescriber: values.record_prescriber || known?.record_prescriber || '',
  });
  const form = useForm<Values, unknown, AddExternalRecordBody>({
    defaultValues: EMPTY,
    // Checked as it is sent: the contract's body, its field names the form's (analyses aside).
    resolver: schemaResolver(
      z
        .custom<Values>()
        .transform((values): unknown => bodyOf(withKnown(values), patientId))
        .pipe(AddExternalRecordBody),
    ),
  });
  const { errors } = form.formState;
  const errorOf = (field: keyof Values | 'record_selected_analyses') => {
    const message = errors[field as keyof Values]?.message;
    if (!message) return undefined;
    if (field === 'record_selected_analyses') return t('issues.analyses_required');
    // An empty input the contract refuses (a collector, a collection time) is a missing one.
    const empty = form.getValues(field) === '';
    return message === 'required' || empty ? t('issues.required') : t('issues.invalid');
  };

  const submit = form.handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: (answer) => {
          showToast('success', t('toast.recordAdded'), answer.record_number);
          void navigate(hrefTo(locale, 'previewRecord', { recordId: answer.record_id }));
        },
        onError: notifyApiError,
      }),
    () => showToast('error', t('wizard.check_inputs')),
  );

  const text = (name: TextName, required = false) => (
    <TextInput
      label={t(`fields.${name}`)}
      required={required}
      {...form.register(name)}
      error={errorOf(name)}
      data-field={name}
    />
  );
  const date = (name: 'patient_dob' | 'record_prescription_date', required = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: { value, onChange } }) => (
        <DateField
          label={t(`fields.${name}`)}
          required={required}
          value={value}
          onChange={onChange}
          error={errorOf(name)}
          data-field={name}
        />
      )}
    />
  );
  const person = (name: 'record_collector' | 'record_prescriber', required: boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: { value, onChange } }) => (
        <Select
          label={t(`fields.${name}`)}
          required={required}
          clearable={!required}
          searchable
          data={(name === 'record_collector' ? collectors : prescribers).choices}
          value={value || known?.[name] || null}
          onChange={(chosen) => onChange(chosen ?? '')}
          error={errorOf(name)}
          data-field={name}
        />
      )}
    />
  );

  const knownName = known?.patient ? `${known.patient.patient_surname} ${known.patient.patient_name}` : null;
  return (
    <Stack>
      <PageHeader title={t('portal.new_external_record')} />
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('record.patient')}
        </Title>
        {patientId ? (
          <Alert color="blue" data-testid="known-patient">
            {knownName ? t('portal.known_patient', { name: knownName }) : t('portal.known_patient_only')}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('patient_surname', true)}
            {text('patient_name', true)}
            {text('patient_birth_name')}
            <Controller
              control={form.control}
              name="patient_gender"
              render={({ field: { value, onChange } }) => (
                <Select
                  label={t('fields.patient_gender')}
                  required
                  data={PATIENT_GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
                  value={value || null}
                  onChange={(chosen) => onChange(chosen ?? '')}
                  error={errorOf('patient_gender')}
                  data-field="patient_gender"
                />
              )}
            />
            {date('patient_dob', true)}
            {text('patient_external_id')}
          </SimpleGrid>
        )}
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('portal.collection')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="record_collection_datetime"
            render={({ field: { value, onChange } }) => (
              <DateTimeField
                label={t('fields.record_collection_datetime')}
                required
                value={value}
                onChange={onChange}
                error={errorOf('record_collection_datetime')}
                data-field="record_collection_datetime"
              />
            )}
          />
          {person('record_collector', true)}
          {person('record_prescriber', false)}
          {date('record_prescription_date')}
          <Controller
            control={form.control}
            name="record_is_urgent"
            render={({ field: { value, onChange } }) => (
              <Checkbox
                label={t('fields.record_is_urgent')}
                checked={value === true}
                onChange={(event) => onChange(event.currentTarget.checked)}
                data-field="record_is_urgent"
              />
            )}
          />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('record.analyses')}
        </Title>
        <Controller
          control={form.control}
          name="analyses"
          render={({ field: { value, onChange } }) => (
            <MultiSelect
              label={t('portal.analyses')}
              required
              searchable
              data={analyses.data ?? []}
              value={value}
              onChange={(ids) => {
                onChange(ids);
                // The body names the analyses record_selected_analyses: its problem goes with a change.
                form.clearErrors('record_selected_analyses' as FieldPath<Values>);
              }}
              error={errorOf('record_selected_analyses')}
              data-field="analyses"
            />
          )}
        />
      </Card>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => void navigate(hrefTo(locale, 'table', { table_name: 'external_records' }))}
        >
          {t('portal.back_to_list')}
        </Button>
        <Button
          loading={save.isPending}
          onClick={(event) => void submit(event)}
          data-action="create-external-record"
        >
          {t('wizard.create')}
        </Button>
      </Group>
    </Stack>
  );
}

type TextName = 'patient_surname' | 'patient_name' | 'patient_birth_name' | 'patient_external_id';
