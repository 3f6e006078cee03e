import { Anchor, Badge, Group, Paper, Text, Title } from '@mantine/core';
import { hrefTo, type RecordDetail, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecordStatusBadge } from '../../components/record-status-badge';
import { formatDate } from '../../lib/format/dates';

/** The record under review in two lines: number, status and marks; patient, prescriber, and its record screen. */
export function ReviewHeader({ locale, record }: { locale: WebLocale; record: RecordDetail }) {
  const { t, i18n } = useTranslation('validation');
  const patient = record.patient;
  return (
    <Paper withBorder px="sm" py={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="wrap">
          <Title order={2} fz="h4" ff="monospace">
            {t('record_title', { number: record.record_number })}
          </Title>
          {patient ? (
            <Text size="sm">
              {t('patient_line', {
                name: `${patient.patient_surname} ${patient.patient_name}`,
                dob: formatDate(patient.patient_dob, i18n.language),
              })}
            </Text>
          ) : null}
          {record.record_prescriber_name ? (
            <Text size="sm" c="dimmed">
              {t('prescriber', { name: record.record_prescriber_name })}
            </Text>
          ) : null}
        </Group>
        <Group gap={6}>
          <RecordStatusBadge status={record.record_status} />
          {record.record_is_urgent ? <Badge color="red">{t('queue.urgent')}</Badge> : null}
          {record.record_lbloc_flag ? <Badge color="orange">{t('sample.lbloc')}</Badge> : null}
          <Anchor
            component={Link}
            to={hrefTo(locale, 'previewRecord', { recordId: record.record_id })}
            size="sm"
            data-action="open-record"
          >
            {t('open_record')}
          </Anchor>
        </Group>
      </Group>
    </Paper>
  );
}
