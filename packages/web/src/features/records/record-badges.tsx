import { Badge, Group } from '@mantine/core';
import { type ClinicRecordRow, isWholeRecord, type PrescriberRecordRow, type RecordRow } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { RecordStatusBadge } from '../../components/record-status-badge';

/** Status and the flags a front desk must see at a glance (spec.md §3 Record flags). */
export function RecordBadges({ record }: { record: RecordRow | ClinicRecordRow | PrescriberRecordRow }) {
  const { t } = useTranslation('records');
  // The portals' view of a record carries its status, urgency, cancellation and reception only.
  const whole = isWholeRecord(record) ? record : null;
  const flags: Array<[boolean, string, string]> = [
    [record.record_is_urgent === true, 'urgent', 'red'],
    [record.record_annulr_flag === true, 'cancelled', 'red'],
    [(whole?.record_scanned_at ?? null) !== null, 'scanned', 'teal'],
    [record.record_received_at !== null, 'received', 'teal'],
    [whole?.record_locked === true, 'locked', 'gray'],
    [whole?.record_unresolved_nca === true, 'nca', 'orange'],
    [whole?.record_lbloc_flag === true, 'lbloc', 'orange'],
    [whole?.record_derog_flag === true, 'derog', 'grape'],
    [whole?.record_uh_flag === true, 'uh', 'red'],
    [whole?.record_delai_flag === true, 'delai', 'yellow'],
  ];
  return (
    <Group gap={6} data-testid="record-badges">
      <RecordStatusBadge status={record.record_status} />
      {flags
        .filter(([on]) => on)
        .map(([, key, color]) => (
          <Badge key={key} color={color} variant="filled" data-flag={key}>
            {t(`flags.${key}`)}
          </Badge>
        ))}
    </Group>
  );
}
