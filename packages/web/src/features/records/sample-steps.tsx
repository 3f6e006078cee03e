import { Text } from '@mantine/core';
import type { RecordSampleRow } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/dates';

type Steps = Partial<
  Pick<
    RecordSampleRow,
    | 'sample_prepared_at'
    | 'sample_prepared_by_name'
    | 'sample_injected_at'
    | 'sample_injected_by_name'
    | 'sample_removed_at'
    | 'sample_removed_by_name'
    | 'sample_validated_at'
    | 'sample_validated_by_name'
  >
>;

const STEPS = [
  ['prepared', 'sample_prepared_at', 'sample_prepared_by_name'],
  ['injected', 'sample_injected_at', 'sample_injected_by_name'],
  ['removed', 'sample_removed_at', 'sample_removed_by_name'],
  ['validated', 'sample_validated_at', 'sample_validated_by_name'],
] as const;

/**
 * The progress steps a sample went through, with who and when (spec.md §3 'Sample progress',
 * stored by the database from the acting user since issue 13, shown since issue 40): one line each,
 * for the laboratories that track preparation and injection as for those that do not (then only
 * 'removed'). Who is named when the record's answer names them (staff read it).
 */
export function SampleSteps({ sample }: { sample: Steps }) {
  const { t, i18n } = useTranslation('records');
  const taken = STEPS.filter(([, at]) => typeof sample[at] === 'string');
  if (taken.length === 0) return null;
  return (
    <div data-testid="sample-steps" title={t('sample_progress.steps_title')}>
      {taken.map(([step, at, by]) => {
        const texts = {
          step: t(`sample_progress.${step}`),
          when: formatDateTime(sample[at] ?? null, i18n.language),
        };
        const who = sample[by];
        return (
          <Text key={step} size="xs" c="dimmed" data-step={step}>
            {who ? t('sample_progress.step_by_at', { ...texts, who }) : t('sample_progress.step_at', texts)}
          </Text>
        );
      })}
    </div>
  );
}
