import { Badge } from '@mantine/core';
import { RECORD_STATUS_KEYS, RECORD_STATUSES, type RecordStatus } from '@sil/contract';
import { useTranslation } from 'react-i18next';

const COLORS: Record<RecordStatus, string> = {
  0: 'gray',
  1: 'blue',
  2: 'cyan',
  3: 'orange',
  4: 'grape',
  5: 'green',
};

export function recordStatusOf(value: unknown): RecordStatus | null {
  return RECORD_STATUSES.find((status) => status === Number(value)) ?? null;
}

/** A record's status (spec.md §4), in the laboratory's second reading ('Pre-registered'…). */
export function RecordStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation('records');
  const known = recordStatusOf(status);
  if (known === null) return null;
  return (
    <Badge color={COLORS[known]} variant="light" data-status={known}>
      {t(`status.${RECORD_STATUS_KEYS[known][1]}`)}
    </Badge>
  );
}
