import { Text } from '@mantine/core';
import { type RecordSampleRow, SAMPLE_STEPS, type SampleStepTaken } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format/dates';

/** A sample's step stamps and, as staff read them, the names of who took them (get-record). */
export type SampleStepFields = Partial<
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

/** The steps a sample of a record took, in the bench's order, as the samples list answers them. */
export function stepsOfSample(sample: SampleStepFields): SampleStepTaken[] {
  return SAMPLE_STEPS.flatMap((step) => {
    const at = sample[`sample_${step}_at`];
    return typeof at === 'string' ? [{ step, at, by: sample[`sample_${step}_by_name`] ?? null }] : [];
  });
}

/**
 * The progress steps a sample went through, with who and when (spec.md §3 'Sample progress',
 * stored by the database from the acting user since issue 13, shown since issue 40): one line each,
 * for the laboratories that track preparation and injection as for those that do not (then only
 * 'removed'). Who is named when the answer names them (staff read it; the portals never do). Plain
 * text, so that a keyboard or a screen reader reads it where it stands, in a table's cell as on the
 * record and the bench.
 */
export function SampleStepLines({ steps }: { steps: readonly SampleStepTaken[] }) {
  const { t, i18n } = useTranslation('records');
  if (steps.length === 0) return null;
  return (
    <div data-testid="sample-steps" title={t('sample_progress.steps_title')}>
      {steps.map(({ step, at, by }) => {
        const texts = { step: t(`sample_progress.${step}`), when: formatDateTime(at, i18n.language) };
        return (
          <Text key={step} size="xs" c="dimmed" data-step={step}>
            {by
              ? t('sample_progress.step_by_at', { ...texts, who: by })
              : t('sample_progress.step_at', texts)}
          </Text>
        );
      })}
    </div>
  );
}

/** A record's sample's steps (its stamps and names), as {@link SampleStepLines} shows them. */
export function SampleSteps({ sample }: { sample: SampleStepFields }) {
  return <SampleStepLines steps={stepsOfSample(sample)} />;
}
