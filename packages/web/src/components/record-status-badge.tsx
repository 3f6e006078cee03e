import { RECORD_STATUS_KEYS, RECORD_STATUSES, type RecordStatus } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from './status-badge';

export function recordStatusOf(value: unknown): RecordStatus | null {
  return RECORD_STATUSES.find((status) => status === Number(value)) ?? null;
}

/** A record's status (spec.md §4), in the laboratory's second reading ('Pre-registered'…). */
export function RecordStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation('records');
  const known = recordStatusOf(status);
  if (known === null) return null;
  return (
    <StatusBadge kind="record" step={known}>
      {t(`status.${RECORD_STATUS_KEYS[known][1]}`)}
    </StatusBadge>
  );
}
