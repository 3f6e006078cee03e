import { Badge, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type PrescriberRecordListRow, RECORD_STATUS_KEYS } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { LabelValue } from '../../components/label-value';
import { formatDate, formatDateTime } from '../../lib/format/dates';
import { ReportCard } from '../reports';
import { ValidatedResults } from './validated-results';

/**
 * A record of the prescriber portal: who and when, its validated results line by line (issue 40)
 * and its validated result reports, opened in the browser's reader or downloaded. Prescribers open no other screen (spec.md §6).
 */
export function DoctorsRecordModal({
  record,
  onClose,
}: {
  record: PrescriberRecordListRow;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('records');
  // On a phone the record takes the whole screen, its report's buttons within reach.
  const phone = useMediaQuery('(max-width: 575.98px)');
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={t('record.title', { number: record.record_number })}
      data-testid="doctors-record"
    >
      <Stack>
        <Group gap="xs">
          <Badge variant="light">{t(`status.${RECORD_STATUS_KEYS[record.record_status][1]}`)}</Badge>
          {record.record_is_urgent ? <Badge color="red">{t('record.urgent')}</Badge> : null}
          {record.record_annulr_flag ? <Badge color="gray">{t('flags.cancelled')}</Badge> : null}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <LabelValue
            label={t('fields.patient_surname')}
            value={`${record.patient_surname ?? ''} ${record.patient_name ?? ''}`}
          />
          <LabelValue label={t('fields.patient_dob')} value={formatDate(record.patient_dob, i18n.language)} />
          <LabelValue
            label={t('fields.record_prescription_date')}
            value={formatDate(record.record_prescription_date, i18n.language)}
          />
          <LabelValue
            label={t('fields.record_collection_datetime')}
            value={formatDateTime(record.record_collection_datetime, i18n.language)}
          />
        </SimpleGrid>
        <ValidatedResults recordId={record.record_id} />
        <ReportCard recordId={record.record_id} />
      </Stack>
    </Modal>
  );
}
