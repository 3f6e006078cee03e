import { type KeyboardEvent, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { issuesOfStep, SUMMARY_STEP, stepOfField, stopOnTheWay } from './steps';
import { type Issues, wizardIssues } from './validate';
import { payloadOf, type WizardValues } from './wizard-values';

/** Inputs that Enter moves on from: typed ones, not buttons or files (textareas are not inputs). */
const ENTER_MOVES_FROM = new Set(['text', 'search', 'email', 'tel', 'number', 'date', 'datetime-local']);

function firstField(body: HTMLElement, invalid: boolean): HTMLElement | null {
  // A time field marks its box, not its hour and minute inputs: the first of those is the one to fix.
  if (invalid) return body.querySelector<HTMLElement>('[aria-invalid="true"], [data-error] input');
  return (
    body.querySelector<HTMLElement>('[data-autofocus]') ??
    body.querySelector<HTMLElement>('input:not([type="hidden"]):not(:disabled), textarea:not(:disabled)')
  );
}

/**
 * How the user walks through the wizard: moving forward checks every step on the way and stops on
 * the first one with an invalid input, its issues shown; the step's first field (or its first
 * invalid one) gets focus when the step opens; Enter in a typed input moves on.
 */
export function useStepFlow(form: UseFormReturn<WizardValues>, initialStep: number) {
  const [step, setStep] = useState(initialStep);
  const [issues, setIssues] = useState<Issues>({});
  const [opened, setOpened] = useState(0);
  // The steps' container, once shown (after the init screen or the loading of the record).
  const [body, setBody] = useState<HTMLDivElement | null>(null);

  const foundIssues = (): Issues => {
    const { patient, record } = payloadOf(form.getValues());
    return wizardIssues({ ...patient, ...record });
  };

  const open = (index: number) => {
    setStep(index);
    setOpened((count) => count + 1);
    window.scrollTo({ top: 0 });
  };

  const go = (target: number) => {
    if (target <= step) {
      open(target);
      return;
    }
    const found = foundIssues();
    const stop = stopOnTheWay(found, target);
    // Issues show only where the move was refused, not on the step reached.
    setIssues(stop < target ? issuesOfStep(found, stop) : {});
    open(stop);
  };

  /** Issues the server or the final check found: the user lands on the first step that holds one. */
  const showIssues = (found: Issues) => {
    setIssues(found);
    open(Math.min(...Object.keys(found).map(stepOfField)));
  };

  // `opened` changes on every move, even to the step already shown (a refused 'Suivant').
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows each opening, not the issues' identity
  useEffect(() => {
    if (!body) return;
    const frame = requestAnimationFrame(() => {
      const invalid = Object.keys(issuesOfStep(issues, step)).length > 0;
      const field = firstField(body, invalid) ?? firstField(body, false);
      field?.focus({ preventScroll: !invalid });
      if (invalid) field?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [opened, body]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || !ENTER_MOVES_FROM.has(target.type)) return;
    // An open list takes Enter to pick its option.
    if (target.getAttribute('aria-expanded') === 'true') return;
    if (step >= SUMMARY_STEP) return;
    event.preventDefault();
    go(step + 1);
  };

  /** The issues to announce on the step shown: its own, or on the summary those no step shows. */
  const stepIssues =
    step === SUMMARY_STEP
      ? Object.fromEntries(Object.entries(issues).filter(([field]) => stepOfField(field) === SUMMARY_STEP))
      : issuesOfStep(issues, step);

  return {
    step,
    issues,
    invalidSteps: new Set(Object.keys(issues).map(stepOfField)),
    hasStepIssues: Object.keys(stepIssues).length > 0,
    go,
    open,
    showIssues,
    clearIssues: () => setIssues({}),
    bodyRef: setBody,
    onKeyDown,
  };
}
