import { Alert, Button, Card, Center, Grid, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { insShownOnDocuments, REPORT_CHANNELS, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { frenchDate, parisDateTime } from '../../lib/french-date';
import { type Row, textOf } from '../../lib/table/rows';
import { NotesCard } from './notes-card';
import { RecordActions } from './record-actions';
import { RecordBadges } from './record-badges';
import { useRecord } from './record-queries';
import { SamplesList } from './samples-list';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}

function rowOf(value: unknown): Row | null {
  return typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value)) : null;
}

/** preview-record/{recordId}: the record, its patient and samples, and its actions (spec.md §2). */
export function RecordPage({ locale, recordId }: { locale: WebLocale; recordId: string | null }) {
  const { t, i18n } = useTranslation('records');
  const navigate = useNavigate();
  const query = useRecord(recordId);
  if (!recordId) {
    return (
      <>
        <PageHeader title={t('record.title_none')} />
        <Button onClick={() => void navigate(`/${locale}/table/records`)}>{t('wizard.find_record')}</Button>
      </>
    );
  }
  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const record = query.data;
  if (!record) {
    // The screen keeps its title whatever the address held: the user sees where they are.
    return (
      <>
        <PageHeader title={t('record.title_none')} />
        <Alert color="red">{t('record.not_found')}</Alert>
      </>
    );
  }
  const patient = rowOf(record.patient);
  const samples = (Array.isArray(record.samples) ? record.samples : []).flatMap((s): Row[] => {
    const sample = rowOf(s);
    return sample ? [sample] : [];
  });
  const id = textOf(record, 'record_id') ?? recordId;
  const channels = REPORT_CHANNELS.filter((channel) => record[`record_must_${channel}`] === true);
  const gender = textOf(patient ?? undefined, 'patient_gender');
  const showIns = insShownOnDocuments(textOf(patient ?? undefined, 'patient_identity_status'));

  return (
    <Stack>
      <PageHeader
        title={t('record.title', { number: textOf(record, 'record_number') ?? '' })}
        subtitle={<RecordBadges record={record} />}
      />
      {record.record_annulr_flag === true ? (
        <Alert color="red" title={t('flags.cancelled')}>
          {textOf(record, 'record_annulment_explanation')}
        </Alert>
      ) : null}
      <Card withBorder>
        <RecordActions
          locale={locale}
          recordId={id}
          patientId={textOf(record, 'record_patient')}
          stamp={textOf(record, 'record_last_updated')}
          cancelled={record.record_annulr_flag === true}
        />
      </Card>
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder h="100%" data-testid="record-patient">
            <Title order={4} mb="sm">
              {t('record.patient')}
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <Field
                label={t('fields.patient_surname')}
                value={`${textOf(patient ?? undefined, 'patient_surname') ?? ''} ${textOf(patient ?? undefined, 'patient_name') ?? ''}`}
              />
              <Field
                label={t('fields.patient_dob')}
                value={frenchDate(textOf(patient ?? undefined, 'patient_dob'))}
              />
              <Field label={t('fields.patient_gender')} value={gender ? t(`genders.${gender}`) : null} />
              <Field
                label={t('fields.patient_identity_status')}
                value={t(
                  `identity_statuses.${textOf(patient ?? undefined, 'patient_identity_status') ?? 'provisional'}`,
                )}
              />
              {showIns ? (
                <Field label={t('fields.patient_ins')} value={textOf(patient ?? undefined, 'patient_ins')} />
              ) : null}
            </SimpleGrid>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder h="100%">
            <Title order={4} mb="sm">
              {t('record.details')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Field label={t('record.password')} value={textOf(record, 'record_password')} />
              <Field
                label={t('record.created')}
                value={parisDateTime(textOf(record, 'record_created'), i18n.language)}
              />
              <Field
                label={t('fields.record_prescription_date')}
                value={frenchDate(textOf(record, 'record_prescription_date'))}
              />
              <Field
                label={t('fields.record_collection_datetime')}
                value={parisDateTime(textOf(record, 'record_collection_datetime'), i18n.language)}
              />
              <Field
                label={t('report.channels')}
                value={channels.map((channel) => t(`fields.record_must_${channel}`)).join(', ')}
              />
              <Field
                label={t('record.scanned_at')}
                value={parisDateTime(textOf(record, 'record_scanned_at'), i18n.language)}
              />
            </SimpleGrid>
          </Card>
        </Grid.Col>
      </Grid>
      <Card withBorder>
        <Title order={4} mb="sm">
          {t('record.samples')}
        </Title>
        <SamplesList recordId={id} samples={samples} />
      </Card>
      <Card withBorder>
        <NotesCard
          key={textOf(record, 'record_last_updated')}
          recordId={id}
          notes={textOf(record, 'record_internal_notes') ?? ''}
        />
      </Card>
    </Stack>
  );
}
