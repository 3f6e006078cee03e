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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { call } from '../../lib/api-client';
import { DateField } from '../../lib/form/date-field';
import { DateTimeField } from '../../lib/form/date-time-field';
import { instantOfLabWallClock } from '../../lib/format/lab-time';
import { notifyApiError, showToast } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { referenceListRoute } from '../../lib/table/entity-routes';
import { loadAllQuery } from '../../lib/table/list-state';
import { useLoadAll } from '../../lib/table/use-load-all';

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

/** The orderable analyses of the catalogue (hidden ones cannot be ordered, spec.md §8). */
function useOrderableAnalyses() {
  return useQuery({
    queryKey: [...queryKeys.table.loadAll('analyses'), 'orderable'],
    queryFn: async () => call(await referenceListRoute('analyses'), { query: loadAllQuery }),
    select: (answer) =>
      answer.data
        .filter((row) => row.analysis_visible !== false)
        .map((row) => ({ value: row.analysis_id, label: row.analysis_name })),
    staleTime: 30_000,
  });
}

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
  const client = useQueryClient();
  const analyses = useOrderableAnalyses();
  const collectors = useLoadAll('collectors');
  const prescribers = useLoadAll('prescribers');
  const previous = useQuery({
    queryKey: queryKeys.record.one(recordId ?? ''),
    queryFn: async () => (await call('getRecord', { query: { record_id: recordId ?? '' } }))[0] ?? null,
    enabled: recordId !== null,
  });
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field the user changes no longer shows the problem the last attempt found in it.
    const field = key === 'analyses' ? 'record_selected_analyses' : key;
    setErrors(({ [field]: _fixed, ...rest }) => rest);
  };
  const known = previous.data ?? null;

  const save = useMutation({
    mutationFn: (body: AddExternalRecordBody) => call('addExternalRecord', { body }),
    meta: { quiet: true },
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.table.all('records') }),
  });

  const submit = async () => {
    const body = bodyOf(
      {
        ...values,
        record_collector: values.record_collector || known?.record_collector || '',
        record_prescriber: values.record_prescriber || known?.record_prescriber || '',
      },
      patientId,
    );
    const parsed = AddExternalRecordBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        found[field] ??=
          field === 'record_selected_analyses'
            ? t('issues.analyses_required')
            : issue.message === 'required' || issue.code === 'invalid_type'
              ? t('issues.required')
              : t('issues.invalid');
      }
      setErrors(found);
      showToast('error', t('wizard.check_inputs'));
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(parsed.data);
      showToast('success', t('toast.recordAdded'), answer.record_number);
      void navigate(hrefTo(locale, 'previewRecord', { recordId: answer.record_id }));
    } catch (error) {
      notifyApiError(error);
    }
  };

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
            <TextInput
              label={t('fields.patient_surname')}
              required
              value={values.patient_surname}
              onChange={(e) => set('patient_surname', e.currentTarget.value)}
              error={errors.patient_surname}
              data-field="patient_surname"
            />
            <TextInput
              label={t('fields.patient_name')}
              required
              value={values.patient_name}
              onChange={(e) => set('patient_name', e.currentTarget.value)}
              error={errors.patient_name}
              data-field="patient_name"
            />
            <TextInput
              label={t('fields.patient_birth_name')}
              value={values.patient_birth_name}
              onChange={(e) => set('patient_birth_name', e.currentTarget.value)}
              error={errors.patient_birth_name}
              data-field="patient_birth_name"
            />
            <Select
              label={t('fields.patient_gender')}
              required
              data={PATIENT_GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
              value={values.patient_gender || null}
              onChange={(value) => set('patient_gender', value ?? '')}
              error={errors.patient_gender}
              data-field="patient_gender"
            />
            <DateField
              label={t('fields.patient_dob')}
              required
              value={values.patient_dob}
              onChange={(value) => set('patient_dob', value)}
              error={errors.patient_dob}
              data-field="patient_dob"
            />
            <TextInput
              label={t('fields.patient_external_id')}
              value={values.patient_external_id}
              onChange={(e) => set('patient_external_id', e.currentTarget.value)}
              error={errors.patient_external_id}
              data-field="patient_external_id"
            />
          </SimpleGrid>
        )}
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('portal.collection')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateTimeField
            label={t('fields.record_collection_datetime')}
            required
            value={values.record_collection_datetime}
            onChange={(value) => set('record_collection_datetime', value)}
            error={errors.record_collection_datetime}
            data-field="record_collection_datetime"
          />
          <Select
            label={t('fields.record_collector')}
            required
            searchable
            data={collectors.choices}
            value={values.record_collector || known?.record_collector || null}
            onChange={(value) => set('record_collector', value ?? '')}
            error={errors.record_collector}
            data-field="record_collector"
          />
          <Select
            label={t('fields.record_prescriber')}
            searchable
            clearable
            data={prescribers.choices}
            value={values.record_prescriber || known?.record_prescriber || null}
            onChange={(value) => set('record_prescriber', value ?? '')}
            error={errors.record_prescriber}
            data-field="record_prescriber"
          />
          <DateField
            label={t('fields.record_prescription_date')}
            value={values.record_prescription_date}
            onChange={(value) => set('record_prescription_date', value)}
            error={errors.record_prescription_date}
            data-field="record_prescription_date"
          />
          <Checkbox
            label={t('fields.record_is_urgent')}
            checked={values.record_is_urgent}
            onChange={(e) => set('record_is_urgent', e.currentTarget.checked)}
            data-field="record_is_urgent"
          />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('record.analyses')}
        </Title>
        <MultiSelect
          label={t('portal.analyses')}
          required
          searchable
          data={analyses.data ?? []}
          value={values.analyses}
          onChange={(ids) => set('analyses', ids)}
          error={errors.record_selected_analyses}
          data-field="analyses"
        />
      </Card>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => void navigate(hrefTo(locale, 'table', { table_name: 'external_records' }))}
        >
          {t('portal.back_to_list')}
        </Button>
        <Button loading={save.isPending} onClick={() => void submit()} data-action="create-external-record">
          {t('wizard.create')}
        </Button>
      </Group>
    </Stack>
  );
}
