import { Text } from '@mantine/core';
import type { SampleRow } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/dates';

type Stamps = Partial<
  Pick<SampleRow, 'sample_prepared_at' | 'sample_injected_at' | 'sample_removed_at' | 'sample_validated_at'>
>;

const STEPS = [
  ['prepared', 'sample_prepared_at'],
  ['injected', 'sample_injected_at'],
  ['removed', 'sample_removed_at'],
  ['validated', 'sample_validated_at'],
] as const;

/**
 * The progress steps a sample went through, with when (spec.md §3 'Sample progress', stored by the
 * database from the acting user since issue 13, shown since issue 40): one line each, for the
 * laboratories that track preparation and injection as for those that do not (then only 'removed').
 */
export function SampleSteps({ sample }: { sample: Stamps }) {
  const { t, i18n } = useTranslation('records');
  const taken = STEPS.filter(([, field]) => typeof sample[field] === 'string');
  if (taken.length === 0) return null;
  return (
    <div data-testid="sample-steps" title={t('sample_progress.steps_title')}>
      {taken.map(([step, field]) => (
        <Text key={step} size="xs" c="dimmed" data-step={step}>
          {t('sample_progress.step_at', {
            step: t(`sample_progress.${step}`),
            when: formatDateTime(sample[field] ?? null, i18n.language),
          })}
        </Text>
      ))}
    </div>
  );
}
