import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconPlayerTrackNext } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ANALYSES_STEP, SUMMARY_STEP } from './steps';

/**
 * 'Précédent' and 'Suivant', and a jump over the steps that often have nothing to fill: to the
 * analyses before them, to the summary from the analyses. Jumps stop on a step with an invalid input.
 */
export function WizardFooter({
  step,
  patientChosen,
  saving,
  editing,
  onGo,
  onSubmit,
}: {
  step: number;
  patientChosen: boolean;
  saving: boolean;
  editing: boolean;
  onGo: (index: number) => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation('records');
  const onSummary = step === SUMMARY_STEP;
  // Where the jump leads, when it passes over at least one step.
  const jump = step < ANALYSES_STEP - 1 ? ANALYSES_STEP : step === ANALYSES_STEP ? SUMMARY_STEP : null;
  return (
    <Group justify="space-between" mt="md" gap="xs">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} />}
        disabled={step === 0}
        onClick={() => onGo(step - 1)}
        data-action="previous"
      >
        {t('wizard.previous')}
      </Button>
      <Group gap="xs" justify="flex-end" ml="auto">
        {jump !== null ? (
          <Button
            variant={step === 0 && patientChosen ? 'filled' : 'light'}
            rightSection={<IconPlayerTrackNext size={16} />}
            onClick={() => onGo(jump)}
            data-action={jump === SUMMARY_STEP ? 'to-summary' : 'to-analyses'}
            // A known patient's steps are filled: the next thing to do is to pick the analyses.
            data-autofocus={step === 0 && patientChosen ? true : undefined}
          >
            {jump === SUMMARY_STEP ? t('flow.to_summary') : t('flow.to_analyses')}
          </Button>
        ) : null}
        {onSummary ? (
          <Button
            leftSection={<IconCheck size={16} />}
            loading={saving}
            onClick={onSubmit}
            data-action="submit"
            data-autofocus
          >
            {editing ? t('wizard.save') : t('wizard.create')}
          </Button>
        ) : (
          <Button
            variant={step === 0 && patientChosen ? 'default' : 'filled'}
            rightSection={<IconArrowRight size={16} />}
            onClick={() => onGo(step + 1)}
            data-action="next"
          >
            {t('wizard.next')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
