import { describe, expect, it } from 'vitest';
import { ANALYSES_STEP, issuesOfStep, STEPS, SUMMARY_STEP, stopOnTheWay } from './steps';

const IDENTITY = STEPS.findIndex((step) => step.key === 'identity');
const CONTACT = STEPS.findIndex((step) => step.key === 'contact');

describe('moving through the wizard', () => {
  it('keeps only the issues of the fields a step shows', () => {
    const issues = {
      patient_surname: 'required',
      patient_email: 'email',
      record_selected_analyses: 'required',
    };
    expect(issuesOfStep(issues, IDENTITY)).toEqual({ patient_surname: 'required' });
    expect(issuesOfStep(issues, CONTACT)).toEqual({ patient_email: 'email' });
    expect(issuesOfStep(issues, 0)).toEqual({});
  });

  it('reaches the step asked for when every earlier step is valid', () => {
    expect(stopOnTheWay({}, ANALYSES_STEP)).toBe(ANALYSES_STEP);
    // An issue on the analyses themselves does not stop a jump to them.
    expect(stopOnTheWay({ record_selected_analyses: 'required' }, ANALYSES_STEP)).toBe(ANALYSES_STEP);
  });

  it('stops on the first earlier step that holds an issue', () => {
    const issues = { patient_email: 'email', patient_surname: 'required' };
    expect(stopOnTheWay(issues, ANALYSES_STEP)).toBe(IDENTITY);
    expect(stopOnTheWay({ record_selected_analyses: 'required' }, SUMMARY_STEP)).toBe(ANALYSES_STEP);
  });
});
