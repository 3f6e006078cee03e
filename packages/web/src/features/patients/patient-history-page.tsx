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
import { insShownOnDocuments, type WebLocale } from '@sil/contract';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { RecordStatusBadge } from '../../components/record-status-badge';
import { call } from '../../lib/api-client';
import { frenchDate, parisDateTime } from '../../lib/french-date';
import { type Row, textOf } from '../../lib/table/rows';

function Item({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

const rowsOf = (value: unknown): Row[] =>
  Array.isArray(value)
    ? value.flatMap((item): Row[] =>
        typeof item === 'object' && item !== null ? [Object.fromEntries(Object.entries(item))] : [],
      )
    : [];

/** patient/{patientId}: the identity card and every record with its samples, newest first. */
export function PatientHistoryPage({ locale, patientId }: { locale: WebLocale; patientId: string | null }) {
  const { t, i18n } = useTranslation('records');
  const navigate = useNavigate();
  const history = useQuery({
    queryKey: ['patient', patientId ?? '', 'history'],
    queryFn: () => call('getPatientHistory', { query: { patient_id: patientId ?? '' } }),
    enabled: patientId !== null,
  });
  if (!patientId) {
    return (
      <>
        <PageHeader title={t('history.title')} />
        <Button onClick={() => void navigate(`/${locale}/table/patients`)}>{t('history.find')}</Button>
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
  const p = (field: string) => textOf(patient, field);
  const status = p('patient_identity_status') ?? 'provisional';

  return (
    <Stack>
      <PageHeader
        title={`${p('patient_surname') ?? ''} ${p('patient_name') ?? ''}`}
        subtitle={t('history.title')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void navigate(`/${locale}/form/records/${patientId}`)}
            data-action="new-record"
          >
            {t('history.new_record')}
          </Button>
        }
      />
      <Card withBorder data-testid="identity-card">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
          <Item label={t('fields.patient_birth_name')} value={p('patient_birth_name')} />
          <Item label={t('fields.patient_dob')} value={frenchDate(p('patient_dob'))} />
          <Item
            label={t('fields.patient_gender')}
            value={p('patient_gender') ? t(`genders.${p('patient_gender')}`) : null}
          />
          <Item label={t('fields.patient_birthplace')} value={p('patient_birthplace')} />
          <Item label={t('fields.patient_identity_status')} value={t(`identity_statuses.${status}`)} />
          {/* National INS rules: only a qualified identity shows its INS. */}
          {insShownOnDocuments(status) ? (
            <Item label={t('fields.patient_ins')} value={p('patient_ins')} />
          ) : null}
          <Item label={t('fields.patient_phone_num')} value={p('patient_phone_num')} />
          <Item label={t('fields.patient_email')} value={p('patient_email')} />
        </SimpleGrid>
      </Card>
      <Title order={3}>{t('history.records', { count: records.length })}</Title>
      {records.length === 0 ? <Text c="dimmed">{t('history.no_records')}</Text> : null}
      {records.map((record) => (
        <Card key={record.record_id} withBorder data-testid="history-record">
          <Group justify="space-between" wrap="wrap" mb="xs">
            <Group gap="sm">
              <Text fw={600}>{textOf(record, 'record_number')}</Text>
              <RecordStatusBadge status={record.record_status} />
              {record.record_annulr_flag === true ? <Badge color="red">{t('flags.cancelled')}</Badge> : null}
              <Text size="sm" c="dimmed">
                {parisDateTime(textOf(record, 'record_created'), i18n.language)}
              </Text>
            </Group>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconEye size={14} />}
              onClick={() => void navigate(`/${locale}/preview-record/${record.record_id}`)}
            >
              {t('history.open')}
            </Button>
          </Group>
          <Group gap={6}>
            {rowsOf(record.samples).map((sample) => (
              <Badge key={textOf(sample, 'sample_id')} variant="outline" ff="monospace">
                {textOf(sample, 'sample_number')}
              </Badge>
            ))}
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
