import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { hrefTo, insShownOnDocuments, type WebLocale } from '@sil/contract';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LabelValue } from '../../components/label-value';
import { PageHeader } from '../../components/page-header';
import { RecordStatusBadge } from '../../components/record-status-badge';
import { formatDate, formatDateTime } from '../../lib/format/dates';
import { usePatientHistory } from '../../lib/shared-queries';
import { CheckInsButton } from './check-ins-button';
import { PatientResults } from './patient-results';

/**
 * patient/{patientId}: the identity card, every record with its samples, newest first, and the
 * patient's results, newest first, a page at a time.
 */
export function PatientHistoryPage({ locale, patientId }: { locale: WebLocale; patientId: string | null }) {
  const { t, i18n } = useTranslation('records');
  const navigate = useNavigate();
  const history = usePatientHistory(patientId);
  if (!patientId) {
    return (
      <>
        <PageHeader title={t('history.title')} />
        <Button onClick={() => void navigate(hrefTo(locale, 'table', { table_name: 'patients' }))}>
          {t('history.find')}
        </Button>
      </>
    );
  }
  if (history.isLoading)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!history.data) {
    return (
      <>
        <PageHeader title={t('history.title')} />
        <Alert color="red">{t('history.not_found')}</Alert>
      </>
    );
  }
  const { patient, records } = history.data;
  const status = patient.patient_identity_status ?? 'provisional';

  return (
    <Stack>
      <PageHeader
        title={`${patient.patient_surname} ${patient.patient_name}`}
        subtitle={t('history.title')}
        actions={
          <Group gap="xs">
            <CheckInsButton patient={patient} />
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate(hrefTo(locale, 'formRecords', { patientId }))}
              data-action="new-record"
            >
              {t('history.new_record')}
            </Button>
          </Group>
        }
      />
      <Card withBorder data-testid="identity-card">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          <LabelValue label={t('fields.patient_birth_name')} value={patient.patient_birth_name} />
          <LabelValue
            label={t('fields.patient_dob')}
            value={formatDate(patient.patient_dob, i18n.language)}
          />
          <LabelValue
            label={t('fields.patient_gender')}
            value={patient.patient_gender ? t(`genders.${patient.patient_gender}`) : null}
          />
          <LabelValue label={t('fields.patient_birthplace')} value={patient.patient_birthplace} />
          <LabelValue label={t('fields.patient_identity_status')} value={t(`identity_statuses.${status}`)} />
          {/* National INS rules: only a qualified identity shows its INS. */}
          {insShownOnDocuments(status) ? (
            <LabelValue label={t('fields.patient_ins')} value={patient.patient_ins} />
          ) : null}
          <LabelValue label={t('fields.patient_phone_num')} value={patient.patient_phone_num} />
          <LabelValue label={t('fields.patient_email')} value={patient.patient_email} />
        </SimpleGrid>
      </Card>
      <Title order={3}>{t('history.records', { count: records.length })}</Title>
      {records.length === 0 ? <Text c="dimmed">{t('history.no_records')}</Text> : null}
      {records.map((record) => (
        <Card key={record.record_id} withBorder data-testid="history-record">
          <Group justify="space-between" wrap="wrap" mb="xs">
            <Group gap="sm">
              <Text fw={600}>{record.record_number}</Text>
              <RecordStatusBadge status={record.record_status} />
              {record.record_annulr_flag ? <Badge color="red">{t('flags.cancelled')}</Badge> : null}
              <Text size="sm" c="dimmed">
                {formatDateTime(record.record_created, i18n.language)}
              </Text>
            </Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEye size={14} />}
              onClick={() => void navigate(hrefTo(locale, 'previewRecord', { recordId: record.record_id }))}
            >
              {t('history.open')}
            </Button>
          </Group>
          <Group gap={6}>
            {record.samples.map((sample) => (
              <Badge key={sample.sample_id} variant="outline" ff="monospace">
                {sample.sample_number}
              </Badge>
            ))}
          </Group>
        </Card>
      ))}
      <PatientResults patientId={patientId} />
    </Stack>
  );
}
