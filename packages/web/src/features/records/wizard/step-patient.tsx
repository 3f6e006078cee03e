import { Button, Card, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PatientRow } from '@sil/contract';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format/dates';
import { usePatientSearch } from '../api';
import type { OfferedAnalysis } from './quick-selections';
import { RelatedRecords } from './related-records';

function PatientLine({ row }: { row: PatientRow }) {
  const { i18n } = useTranslation();
  return (
    <Text fw={500}>
      {row.patient_surname} {row.patient_name}{' '}
      <Text span c="dimmed" size="sm">
        · {formatDate(row.patient_dob, i18n.language)} · {row.patient_gender}
        {row.patient_nir ? ` · ${row.patient_nir}` : ''}
      </Text>
    </Text>
  );
}

/** Step 1: find the patient (name, insurance number, DD/MM/YYYY) or skip to create a new one. */
export function StepPatient({
  patient,
  recordId,
  analyses,
  onChoose,
  onSkip,
}: {
  patient: PatientRow | null;
  /** The record being edited, left out of the patient's earlier records. */
  recordId: string | null;
  analyses: readonly OfferedAnalysis[];
  onChoose: (patient: PatientRow) => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation('records');
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, 300);
  const found = usePatientSearch(debounced);
  const patientId = patient?.patient_id;

  return (
    <Stack>
      {patient && patientId ? (
        <Card withBorder data-testid="chosen-patient">
          <Text size="sm" c="dimmed">
            {t('patient_step.chosen')}
          </Text>
          <PatientLine row={patient} />
          <RelatedRecords patientId={patientId} currentRecordId={recordId} offered={analyses} />
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
          onKeyDown={(event) => {
            // Enter while searching picks the one patient found, and never leaves the step unchosen.
            if (event.key !== 'Enter' || !term.trim()) return;
            event.preventDefault();
            const rows = found.data?.data ?? [];
            if (rows.length === 1 && rows[0]) onChoose(rows[0]);
          }}
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
