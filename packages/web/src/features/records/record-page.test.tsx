// @vitest-environment jsdom
import { type ClinicRecordDetail, emptyRights } from '@sil/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { RecordPage } from './record-page';

const UID = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const RECORD_ID = '1c8e2d0f-7b63-4d2e-8f68-4a2b3c5d6e7f';
const STAMP = '2026-11-22T15:44:47.123Z';

/** A record as a clinic user receives it: the portal's view, without what only staff read. */
const clinicView: ClinicRecordDetail = {
  record_id: RECORD_ID,
  record_number: '2611220001',
  record_patient: '0b9f3c1e-6a52-4c1d-9e57-3f1a2b4c5d6e',
  record_status: 1,
  record_prescription_date: '2026-11-20',
  record_collection_datetime: STAMP,
  record_prescriber: null,
  record_collector: null,
  record_owner: '3e6a0f8b-9d85-4f40-8b8a-6c4d5e7f8091',
  record_selected_analyses: [{ combination: 1, analysis_ids: ['4f5b9a7c-ae96-4a51-9c9b-7d5e6f8091a2'] }],
  record_is_urgent: true,
  record_annulr_flag: false,
  record_received_at: STAMP,
  record_validated_at: null,
  record_created: STAMP,
  record_last_updated: STAMP,
  patient: {
    patient_id: '0b9f3c1e-6a52-4c1d-9e57-3f1a2b4c5d6e',
    patient_surname: 'MARTIN',
    patient_name: 'Jeanne',
    patient_birth_name: null,
    patient_gender: 'F',
    patient_dob: '1979-03-12',
    patient_external_id: null,
    patient_owner: null,
  },
  record_samples: ['2d7f1e9a-8c74-4e3f-9a79-5b3c4d6e7f80'],
  samples: [
    {
      sample_id: '2d7f1e9a-8c74-4e3f-9a79-5b3c4d6e7f80',
      sample_number: '2611220001-01',
      sample_record: RECORD_ID,
      sample_type: null,
      sample_matrix: null,
      sample_analyses: [],
      sample_status: 1,
      sample_collection_datetime: null,
      sample_last_updated: STAMP,
      sample_type_name: null,
      matrix_name: null,
    },
  ],
};

const requests = setUpScreenTests({
  locale: 'fr',
  uid: UID,
  rights: { ...emptyRights('external'), clinic_id: clinicView.record_owner ?? null, medical_user: true },
});
beforeEach(() => {
  // The portal reads the record and its stored reports only: trace and the other staff calls are not made.
  requests.answer('/api/get-record', () => [clinicView]);
  requests.answer('/api/get-report-versions', () => []);
});

describe('the record preview of the external portal', () => {
  it('shows the portal view of a record: number, patient, status, samples, nothing staff-only', async () => {
    render(
      <Providers>
        <MemoryRouter>
          <RecordPage locale="fr" recordId={RECORD_ID} />
        </MemoryRouter>
      </Providers>,
    );
    expect(
      await screen.findByRole('heading', { name: 'Dossier 2611220001' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('MARTIN Jeanne')).toBeTruthy();
    expect(screen.getByText('2611220001-01')).toBeTruthy();
    expect(within(screen.getByTestId('record-badges')).getByText('Urgent')).toBeTruthy();
    expect(within(screen.getByTestId('record-details')).getByText('Urgent')).toBeTruthy();
    // The sample screen is the laboratory's samples table: a portal user's sample opens nothing.
    expect(screen.queryByRole('link', { name: /2611220001-01/ })).toBeNull();
    // The password, the notes and the record's staff actions are the laboratory's: a clinic's
    // medical user is offered its own (external label, files, another record for the patient).
    expect(screen.queryByText('Mot de passe')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(await screen.findByText(/Aucun compte rendu/)).toBeTruthy();
    expect(screen.queryAllByRole('button').map((button) => button.textContent)).toEqual([
      'Étiquette externe',
      'Téléverser des documents',
      'Nouveau dossier pour ce patient',
    ]);
  }, 20_000);
});
