import { Alert, Button, Card, Center, Group, Loader, Progress, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hrefTo, isWholeRecord, type PatientRow, type WebLocale } from '@sil/contract';
import { IconArrowLeft, IconArrowRight, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { notifyApiError, showToast } from '../../../lib/notify';
import { usePatient, useRecord, useSubmitWizard } from '../api';
import { nabmConflictsOf } from './nabm-conflicts';
import { RecordSummary } from './record-summary';
import type { ResourceFormRenderer } from './resource-forms';
import type { NabmConflict } from './step-analyses';
import { StepBody } from './step-body';
import { STEPS, SUMMARY_STEP, stepOfField } from './steps';
import { type Issues, issuesOf, parseCreate, serverIssues } from './validate';
import { useOfferedAnalyses, useValueNames } from './value-names';
import { WizardContext } from './wizard-context';
import { WizardSuccess } from './wizard-success';
import { emptyValues, payloadOf, valuesOf, type WizardValues, withPatient } from './wizard-values';

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
  const [step, setStep] = useState(recordId ? 1 : 0);
  const [issues, setIssues] = useState<Issues>({});
  const [conflicts, setConflicts] = useState<NabmConflict[]>([]);
  const [saving, setSaving] = useState(false);
  const form = useForm<WizardValues>({ defaultValues: initial });
  const analyses = useOfferedAnalyses();
  const nameOf = useValueNames(analyses);
  // Twelve step marks do not fit on a phone: a progress bar stands for them there.
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
    setIssues({});
    if (!row) setStep(1);
  };

  /** The current step's inputs checked against the contract before moving on. */
  const checkStep = (index: number): boolean => {
    const fields: readonly string[] = STEPS[index]?.fields ?? [];
    const { patient: p, record: r } = payloadOf(form.getValues());
    const parsed = parseCreate({ ...p, ...r });
    const found = parsed.success ? {} : issuesOf(parsed.error);
    const mine = Object.fromEntries(Object.entries(found).filter(([field]) => fields.includes(field)));
    setIssues(mine);
    return Object.keys(mine).length === 0;
  };

  const go = (next: number) => {
    if (next > step && step > 0 && !checkStep(step)) return;
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const submit = async () => {
    setSaving(true);
    setConflicts([]);
    try {
      const outcome = await submitting.mutateAsync({
        values: form.getValues(),
        initial,
        patient,
        record: editedRecord,
      });
      if (outcome.kind === 'invalid') {
        setIssues(outcome.issues);
        setStep(Math.min(...Object.keys(outcome.issues).map(stepOfField)));
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
    } catch (error) {
      const found = nabmConflictsOf(error);
      const fields = serverIssues(error);
      if (found.length > 0) {
        setConflicts(found);
        setStep(stepOfField('record_selected_analyses'));
      } else if (Object.keys(fields).length > 0) {
        setIssues(fields);
        setStep(Math.min(...Object.keys(fields).map(stepOfField)));
      }
      if (!(error instanceof ApiError && error.code === 'missingData' && Object.keys(fields).length > 0))
        notifyApiError(error);
    } finally {
      setSaving(false);
    }
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
      {narrow ? (
        <Progress
          value={(step / SUMMARY_STEP) * 100}
          mb="md"
          aria-label={t('wizard.progress', { step: step + 1 })}
        />
      ) : (
        <Stepper
          active={step}
          onStepClick={(index) => go(index)}
          size="xs"
          iconSize={28}
          mb="md"
          allowNextStepsSelect={Boolean(recordId)}
          styles={{ steps: { flexWrap: 'wrap', rowGap: 8 }, separator: { minWidth: 6, marginInline: 4 } }}
        >
          {STEPS.map((item, index) => (
            <Stepper.Step key={item.key} aria-label={t(`steps.${item.key}`)} title={`${index + 1}`} />
          ))}
          <Stepper.Completed>{null}</Stepper.Completed>
        </Stepper>
      )}
      <Card withBorder padding="lg" data-step={onSummary ? 'summary' : STEPS[step]?.key}>
        <Text fw={600} size="lg" mb="md">
          {onSummary ? t('wizard.summary') : `${step + 1}. ${t(`steps.${STEPS[step]?.key ?? 'patient'}`)}`}
        </Text>
        {Object.keys(issues).length > 0 ? (
          <Alert color="red" mb="md">
            {t('wizard.check_inputs')}
          </Alert>
        ) : null}
        {onSummary ? (
          <RecordSummary nameOf={nameOf} onEdit={setStep} />
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
      <Group justify="space-between" mt="md">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          disabled={step === 0}
          onClick={() => go(step - 1)}
          data-action="previous"
        >
          {t('wizard.previous')}
        </Button>
        {onSummary ? (
          <Button
            leftSection={<IconCheck size={16} />}
            loading={saving}
            onClick={() => void submit()}
            data-action="submit"
          >
            {recordId ? t('wizard.save') : t('wizard.create')}
          </Button>
        ) : (
          <Button rightSection={<IconArrowRight size={16} />} onClick={() => go(step + 1)} data-action="next">
            {t('wizard.next')}
          </Button>
        )}
      </Group>
    </WizardContext.Provider>
  );
}
