import { SAMPLE_STATUS_KEYS, SAMPLE_STATUSES, type SampleStatus } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from './status-badge';

export function sampleStatusOf(value: unknown): SampleStatus | null {
  return SAMPLE_STATUSES.find((status) => status === Number(value)) ?? null;
}

/** A sample's progress step (spec.md §4 'Sample progress') as a word, never as its number. */
export function SampleStatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation('records');
  const known = sampleStatusOf(status);
  if (known === null) return null;
  return (
    <StatusBadge kind="sample" step={known}>
      {t(`sample_progress.${SAMPLE_STATUS_KEYS[known]}`)}
    </StatusBadge>
  );
}
