import { Alert, Button, Card, Center, Grid, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  decideAccess,
  hrefTo,
  insShownOnDocuments,
  isFrozenRecord,
  isWholeRecord,
  RECORD_STATUS,
  REPORT_CHANNELS,
  routes,
  type WebLocale,
} from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LabelValue } from '../../components/label-value';
import { PageHeader } from '../../components/page-header';
import { formatDate, formatDateTime } from '../../lib/format/dates';
import { useSession } from '../../lib/use-session';
import { ReportCard } from '../reports';
import { AddSampleButton } from './add-sample-modal';
import { useRecord } from './api';
import { DeliveryCard } from './delivery/delivery-card';
import { NonconformitiesCard } from './nonconformities/nonconformities-card';
import { NotesCard } from './notes-card';
import { PortalActions } from './portal-actions';
import { RecordActions } from './record-actions';
import { RecordBadges } from './record-badges';
import { SamplesList } from './samples-list';

/** preview-record/{recordId}: the record, its patient and samples, and its actions (spec.md §2). */
export function RecordPage({ locale, recordId }: { locale: WebLocale; recordId: string | null }) {
  const { t, i18n } = useTranslation('records');
  const navigate = useNavigate();
  const { rights } = useSession();
  const query = useRecord(recordId);
  if (!recordId) {
    return (
      <>
        <PageHeader title={t('record.title_none')} />
        <Button onClick={() => void navigate(hrefTo(locale, 'table', { table_name: 'records' }))}>
          {t('wizard.find_record')}
        </Button>
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
  const { patient, samples } = record;
  const id = record.record_id;
  // Clinic users and prescribers receive the record's portal view: what only staff read stays out.
  const whole = isWholeRecord(record) ? record : null;
  const channels = REPORT_CHANNELS.filter((channel) => whole?.[`record_must_${channel}`] === true);
  const analyses = whole
    ? new Map(whole.record_analyses.map((analysis) => [analysis.analysis_id, analysis.analysis_name]))
    : undefined;
  // The samples table is the sample's screen (spec.md §2 Techniques): opened searched on its number.
  const openSample =
    whole && (rights?.admin_samples ?? 0) >= 1
      ? (sample: { sample_number: string }) =>
          `${hrefTo(locale, 'table', { table_name: 'techniques' })}?${new URLSearchParams({ search: sample.sample_number })}`
      : undefined;
  const gender = patient?.patient_gender;
  const identityStatus = whole?.patient?.patient_identity_status;
  const showIns = insShownOnDocuments(identityStatus);

  return (
    <Stack>
      <PageHeader
        title={t('record.title', { number: record.record_number })}
        subtitle={<RecordBadges record={record} />}
      />
      {record.record_annulr_flag ? (
        <Alert color="red" title={t('flags.cancelled')}>
          {whole?.record_annulment_explanation}
        </Alert>
      ) : null}
      {whole ? (
        <Card withBorder>
          <RecordActions
            locale={locale}
            recordId={id}
            patientId={whole.record_patient}
            stamp={whole.record_last_updated}
            cancelled={whole.record_annulr_flag}
            status={whole.record_status}
            received={whole.record_received_at !== null}
            sampleStatuses={whole.samples.map((sample) => sample.sample_status)}
          />
        </Card>
      ) : rights?.user_type === 'external' ? (
        <Card withBorder>
          <PortalActions locale={locale} recordId={id} patientId={record.record_patient} />
        </Card>
      ) : null}
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder h="100%" data-testid="record-patient">
            <Title order={4} mb="sm">
              {t('record.patient')}
            </Title>
            <SimpleGrid cols={2} spacing="sm">
              <LabelValue
                label={t('fields.patient_surname')}
                value={`${patient?.patient_surname ?? ''} ${patient?.patient_name ?? ''}`}
              />
              <LabelValue
                label={t('fields.patient_dob')}
                value={formatDate(patient?.patient_dob, i18n.language)}
              />
              <LabelValue label={t('fields.patient_gender')} value={gender ? t(`genders.${gender}`) : null} />
              {identityStatus ? (
                <LabelValue
                  label={t('fields.patient_identity_status')}
                  value={t(`identity_statuses.${identityStatus}`)}
                />
              ) : null}
              {showIns ? (
                <LabelValue label={t('fields.patient_ins')} value={whole?.patient?.patient_ins} />
              ) : null}
            </SimpleGrid>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder h="100%">
            <Title order={4} mb="sm">
              {t('record.details')}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="record-details">
              <LabelValue
                label={t('record.urgency')}
                value={record.record_is_urgent ? t('record.urgent') : t('record.not_urgent')}
              />
              {whole ? (
                <>
                  <LabelValue label={t('fields.record_prescriber')} value={whole.record_prescriber_name} />
                  <LabelValue label={t('fields.record_collector')} value={whole.record_collector_name} />
                  <LabelValue label={t('fields.record_owner')} value={whole.record_owner_name} />
                  <LabelValue
                    label={t('report.channels')}
                    value={
                      channels.map((channel) => t(`fields.record_must_${channel}`)).join(', ') ||
                      t('record.no_channel')
                    }
                  />
                  <LabelValue label={t('record.password')} value={whole.record_password} />
                </>
              ) : null}
              <LabelValue
                label={t('fields.record_prescription_date')}
                value={formatDate(record.record_prescription_date, i18n.language)}
              />
              <LabelValue
                label={t('fields.record_collection_datetime')}
                value={formatDateTime(record.record_collection_datetime, i18n.language)}
              />
              <LabelValue
                label={t('record.created')}
                value={formatDateTime(record.record_created, i18n.language)}
              />
              {whole ? (
                <LabelValue
                  label={t('record.scanned_at')}
                  value={formatDateTime(whole.record_scanned_at, i18n.language)}
                />
              ) : null}
            </SimpleGrid>
          </Card>
        </Grid.Col>
      </Grid>
      <Card withBorder>
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('record.analyses')}</Title>
          {whole && !isFrozenRecord(whole) && (rights?.admin_samples ?? 0) >= 2 ? (
            <AddSampleButton record={whole} />
          ) : null}
        </Group>
        <SamplesList
          recordId={id}
          samples={samples}
          analyses={analyses}
          openSample={openSample}
          progress={
            // Samples move on a received record that is neither cancelled nor sent, for the samples right.
            !!whole &&
            !isFrozenRecord(whole) &&
            whole.record_status >= RECORD_STATUS.registered &&
            (rights?.admin_samples ?? 0) >= 2
          }
        />
      </Card>
      {decideAccess(routes.getReportVersions.access, rights).allowed ? (
        <Card withBorder>
          <ReportCard recordId={id} />
        </Card>
      ) : null}
      {whole ? (
        <Card withBorder>
          <NonconformitiesCard record={whole} />
        </Card>
      ) : null}
      {whole && whole.record_status >= RECORD_STATUS.pendingSubmission ? (
        <Card withBorder>
          <DeliveryCard
            recordId={whole.record_id}
            editable={!whole.record_locked && (rights?.admin_records ?? 0) >= 2}
          />
        </Card>
      ) : null}
      {whole ? (
        <Card withBorder>
          <NotesCard
            key={id}
            recordId={id}
            notes={whole.record_internal_notes ?? ''}
            stamp={whole.record_last_updated}
            frozen={isFrozenRecord(whole)}
          />
        </Card>
      ) : null}
    </Stack>
  );
}
