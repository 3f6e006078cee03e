import { Badge, Button, Card, Checkbox, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RecordStatusBadge } from '../../../components/record-status-badge';
import { frenchDate } from '../../../lib/french-date';
import { type Row, textOf } from '../../../lib/table/rows';
import { usePatientHistory, usePatientSearch } from '../record-queries';
import { useWizard } from './wizard-context';

function PatientLine({ row }: { row: Row }) {
  return (
    <Text fw={500}>
      {textOf(row, 'patient_surname')} {textOf(row, 'patient_name')}{' '}
      <Text span c="dimmed" size="sm">
        · {frenchDate(textOf(row, 'patient_dob'))} · {textOf(row, 'patient_gender')}
        {textOf(row, 'patient_nir') ? ` · ${textOf(row, 'patient_nir')}` : ''}
      </Text>
    </Text>
  );
}

/** The chosen patient's earlier records: each can be linked to the new one; a click shows its samples. */
function RelatedRecords({ patientId }: { patientId: string }) {
  const { t } = useTranslation('records');
  const { form } = useWizard();
  const history = usePatientHistory(patientId);
  const [open, setOpen] = useState<string | null>(null);
  if (history.isLoading) return <Loader size="sm" />;
  const records = history.data?.records ?? [];
  if (records.length === 0) return <Text c="dimmed">{t('patient_step.no_records')}</Text>;
  return (
    <Controller
      control={form.control}
      name="record_linked_records"
      render={({ field }) => (
        <Checkbox.Group label={t('patient_step.link_records')} value={field.value} onChange={field.onChange}>
          <Stack gap={6} mt={6}>
            {records.map((record) => {
              const samples = Array.isArray(record.samples) ? record.samples : [];
              return (
                <Card key={record.record_id} withBorder padding="xs">
                  <Group justify="space-between" wrap="wrap">
                    <Checkbox value={record.record_id} label={textOf(record, 'record_number')} />
                    <Group gap="xs">
                      <RecordStatusBadge status={record.record_status} />
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setOpen(open === record.record_id ? null : record.record_id)}
                      >
                        {t('patient_step.samples', { count: samples.length })}
                      </Button>
                    </Group>
                  </Group>
                  {open === record.record_id ? (
                    <Group gap={6} mt={6}>
                      {samples.map((sample) => (
                        <Badge key={String(Reflect.get(Object(sample), 'sample_id'))} variant="outline">
                          {String(Reflect.get(Object(sample), 'sample_number'))}
                        </Badge>
                      ))}
                    </Group>
                  ) : null}
                </Card>
              );
            })}
          </Stack>
        </Checkbox.Group>
      )}
    />
  );
}

/** Step 1: find the patient (name, insurance number, DD/MM/YYYY) or skip to create a new one. */
export function StepPatient({
  patient,
  onChoose,
  onSkip,
}: {
  patient: Row | null;
  onChoose: (patient: Row) => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation('records');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 300);
  const found = usePatientSearch(debounced);
  const patientId = textOf(patient ?? undefined, 'patient_id');

  return (
    <Stack>
      {patient && patientId ? (
        <Card withBorder data-testid="chosen-patient">
          <Text size="sm" c="dimmed">
            {t('patient_step.chosen')}
          </Text>
          <PatientLine row={patient} />
          <RelatedRecords patientId={patientId} />
        </Card>
      ) : null}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 260px' }}
          leftSection={<IconSearch size={16} />}
          label={t('patient_step.search')}
          placeholder={t('patient_step.search_placeholder')}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          data-testid="patient-search"
        />
        {found.isFetching ? <Loader size="sm" /> : null}
        <Button
          variant="default"
          leftSection={<IconUserPlus size={16} />}
          onClick={onSkip}
          data-action="skip"
        >
          {t('patient_step.skip')}
        </Button>
      </Group>
      {(found.data?.data ?? []).map((row) => (
        <Card key={row.patient_id} withBorder padding="sm">
          <Group justify="space-between" wrap="wrap">
            <PatientLine row={row} />
            <Button
              size="xs"
              variant={row.patient_id === patientId ? 'filled' : 'light'}
              onClick={() => onChoose(row)}
              data-action="choose-patient"
            >
              {t('patient_step.choose')}
            </Button>
          </Group>
        </Card>
      ))}
      {debounced.trim().length >= 2 && found.data?.data.length === 0 ? (
        <Text c="dimmed">{t('patient_step.none_found')}</Text>
      ) : null}
    </Stack>
  );
}
