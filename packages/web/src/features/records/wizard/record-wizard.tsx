import { Alert, Box, Button, Card, Center, Group, Loader, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hrefTo, isWholeRecord, type PatientRow, type WebLocale } from '@sil/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { notifyApiError, showToast } from '../../../lib/notify';
import { usePatient, useRecord, useSubmitWizard } from '../api';
import { nabmConflictsOf } from './nabm-conflicts';
import { RecordSummary } from './record-summary';
import type { ResourceFormRenderer } from './resource-forms';
import type { NabmConflict } from './step-analyses';
import { StepBody } from './step-body';
import { StepNav } from './step-nav';
import { STEPS, SUMMARY_STEP, stepOfField } from './steps';
import { useStepFlow } from './use-step-flow';
import { serverIssues } from './validate';
import { useOfferedAnalyses, useValueNames } from './value-names';
import { WizardContext } from './wizard-context';
import { WizardFooter } from './wizard-footer';
import { WizardSuccess } from './wizard-success';
import { emptyValues, valuesOf, type WizardValues, withPatient } from './wizard-values';

type Phase = 'init' | 'steps' | { created: { recordId: string; number: string; password: string } };

/** The add-record wizard (spec.md §2): init screen, twelve steps, the summary, then the record's actions. */
export function RecordWizard({
  locale,
  patientId,
  recordId,
  renderResourceForm,
}: {
  locale: WebLocale;
  patientId: string | null;
  recordId: string | null;
  renderResourceForm: ResourceFormRenderer;
}) {
  const { t } = useTranslation('records');
  const navigate = useNavigate();
  const submitting = useSubmitWizard();
  const record = useRecord(recordId);
  // Only staff edit a record here: the whole row they receive fills the wizard.
  const editedRecord = record.data && isWholeRecord(record.data) ? record.data : null;
  const recordPatient = editedRecord?.patient;
  const loadedPatient = usePatient(recordId ? null : patientId);
  const [patient, setPatient] = useState<PatientRow | null>(null);
  const [initial, setInitial] = useState<WizardValues>(emptyValues);
  const [phase, setPhase] = useState<Phase>(recordId || patientId ? 'steps' : 'init');
  const [conflicts, setConflicts] = useState<NabmConflict[]>([]);
  const form = useForm<WizardValues>({ defaultValues: initial });
  const flow = useStepFlow(form, recordId ? 1 : 0);
  const { step, issues } = flow;
  const analyses = useOfferedAnalyses();
  const nameOf = useValueNames(analyses);
  // Thirteen named steps do not fit on a phone: a menu names the current one there.
  const narrow = useMediaQuery('(max-width: 767.98px)');

  // The record or patient of the address fills the wizard once it has loaded.
  useEffect(() => {
    const row = editedRecord;
    const owner = recordPatient ?? loadedPatient.data ?? null;
    if (!owner && !row) return;
    const values = valuesOf(owner ?? undefined, row ?? undefined);
    setPatient(owner);
    setInitial(values);
    form.reset(values);
  }, [editedRecord, recordPatient, loadedPatient.data, form]);

  /**
   * An existing patient keeps the wizard on step 1, where their earlier records now show (to link
   * them, or their analyses); skipping to a new patient goes straight to the identity.
   */
  const choosePatient = (row: PatientRow | null) => {
    const values = withPatient(form.getValues(), row ?? undefined);
    setPatient(row);
    setInitial(valuesOf(row ?? undefined));
    form.reset(values);
    flow.clearIssues();
    // A known patient's steps are filled: the focus goes to 'Go to analyses'.
    flow.open(row ? 0 : 1);
  };

  const submit = () => {
    setConflicts([]);
    submitting.mutate(
      { values: form.getValues(), initial, patient, record: editedRecord },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'invalid') {
            flow.showIssues(outcome.issues);
            return;
          }
          if (outcome.kind === 'updated') {
            showToast('success', t('toast.recordEdited'));
            void navigate(hrefTo(locale, 'previewRecord', { recordId: outcome.recordId }));
            return;
          }
          showToast('success', t('toast.recordAdded'));
          const { answer } = outcome;
          setPhase({
            created: {
              recordId: answer.record_id,
              number: answer.record_number,
              password: answer.record_password,
            },
          });
        },
        onError: (error) => {
          const found = nabmConflictsOf(error);
          const fields = serverIssues(error);
          if (found.length > 0) {
            setConflicts(found);
            flow.open(stepOfField('record_selected_analyses'));
          } else if (Object.keys(fields).length > 0) {
            flow.showIssues(fields);
          }
          // Refused fields shown under their inputs, on their step: a toast would only repeat them.
          const shown = Object.keys(fields).some((field) => stepOfField(field) < SUMMARY_STEP);
          if (!shown) notifyApiError(error);
        },
      },
    );
  };

  const title = recordId
    ? t('wizard.edit_title', { number: record.data?.record_number ?? '' })
    : t('wizard.title');
  if ((recordId && record.isLoading) || (patientId && !recordId && loadedPatient.isLoading)) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (typeof phase === 'object') {
    return (
      <>
        <PageHeader title={t('wizard.title')} />
        <WizardSuccess locale={locale} {...phase.created} />
      </>
    );
  }
  if (phase === 'init') {
    return (
      <>
        <PageHeader title={t('wizard.manage')} subtitle={t('wizard.choose')} />
        <Group>
          <Button onClick={() => setPhase('steps')} data-action="new-record">
            {t('wizard.new_record')}
          </Button>
          <Button
            variant="default"
            onClick={() => void navigate(hrefTo(locale, 'table', { table_name: 'records' }))}
          >
            {t('wizard.find_record')}
          </Button>
          <Button variant="default" onClick={() => void navigate(hrefTo(locale, 'scan'))}>
            {t('wizard.scan_record')}
          </Button>
        </Group>
      </>
    );
  }

  const onSummary = step === SUMMARY_STEP;
  return (
    <WizardContext.Provider value={{ form, issues }}>
      <PageHeader
        title={title}
        subtitle={patient ? `${patient.patient_surname} ${patient.patient_name}` : undefined}
      />
      <Group mb="md" display="block">
        <StepNav step={step} invalid={flow.invalidSteps} narrow={Boolean(narrow)} onGo={flow.go} />
      </Group>
      {/* Enter is handled once for every input of the step, as it bubbles up. */}
      <Box ref={flow.bodyRef} onKeyDown={flow.onKeyDown}>
        <Card withBorder padding="lg" data-step={onSummary ? 'summary' : STEPS[step]?.key}>
          <Text fw={600} size="lg" mb="md">
            {onSummary ? t('wizard.summary') : `${step + 1}. ${t(`steps.${STEPS[step]?.key ?? 'patient'}`)}`}
          </Text>
          {flow.hasStepIssues ? (
            <Alert color="red" mb="md" data-testid="step-issues">
              {t('wizard.check_inputs')}
            </Alert>
          ) : null}
          {onSummary ? (
            <RecordSummary nameOf={nameOf} onEdit={flow.open} />
          ) : (
            <StepBody
              step={step}
              patient={patient}
              recordId={recordId}
              onChoosePatient={choosePatient}
              onSkipPatient={() => choosePatient(null)}
              analyses={analyses}
              conflicts={conflicts}
              renderResourceForm={renderResourceForm}
            />
          )}
        </Card>
        <WizardFooter
          step={step}
          patientChosen={patient !== null}
          saving={submitting.isPending}
          editing={Boolean(recordId)}
          onGo={flow.go}
          onSubmit={submit}
        />
      </Box>
    </WizardContext.Provider>
  );
}
