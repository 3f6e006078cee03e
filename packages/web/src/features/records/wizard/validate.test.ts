import { describe, expect, it } from 'vitest';
import { isRequiredField, issueTextKey, wizardIssues } from './validate';

describe('the wizard’s own check of its inputs', () => {
  it('names the new patient’s missing required fields even while no analysis is chosen', () => {
    const issues = wizardIssues({ patient_surname: '', patient_name: 'Anne' });
    expect(issues).toMatchObject({
      patient_surname: 'required',
      patient_gender: 'required',
      patient_dob: 'required',
      record_selected_analyses: expect.any(String),
    });
    expect(issues.patient_name).toBeUndefined();
  });

  it('finds nothing wrong in a complete new patient with an analysis', () => {
    const issues = wizardIssues({
      patient_surname: 'MARTIN',
      patient_name: 'Anne',
      patient_gender: 'F',
      patient_dob: '1990-03-14',
      record_selected_analyses: [{ combination: 1, analysis_ids: ['0b3a4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d'] }],
    });
    expect(issues).toEqual({});
  });

  it('translates the server’s identity rules under their own keys', () => {
    expect(issueTextKey('insRequired')).toBe('flow.issues.insRequired');
    expect(issueTextKey('required')).toBe('issues.required');
  });

  it('marks as required exactly the fields it refuses empty for a new patient', () => {
    const refused = Object.keys(wizardIssues({ record_selected_analyses: [] })).filter(
      (field) => field !== 'record_selected_analyses',
    );
    expect(refused.sort()).toEqual(['patient_dob', 'patient_gender', 'patient_name', 'patient_surname']);
    expect(refused.every(isRequiredField)).toBe(true);
    expect(isRequiredField('patient_birth_name')).toBe(false);
  });

  it('names the missing part of a collection date-time instead of a bare invalid value', () => {
    const body = {
      patient_surname: 'MARTIN',
      patient_name: 'Anne',
      patient_gender: 'F',
      patient_dob: '1990-03-14',
    };
    expect(
      wizardIssues({ ...body, record_collection_datetime: '2026-11-28T' }).record_collection_datetime,
    ).toBe('time_missing');
    expect(wizardIssues({ ...body, record_collection_datetime: 'T08:30' }).record_collection_datetime).toBe(
      'day_missing',
    );
    // A prescriber and a prescription date never stop the wizard on their own.
    const filled = wizardIssues({
      ...body,
      record_prescription_date: '2026-11-27',
      record_prescriber: '0b3a4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
    });
    expect(Object.keys(filled)).toEqual(['record_selected_analyses']);
  });
});
