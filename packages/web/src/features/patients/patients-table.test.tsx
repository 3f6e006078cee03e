// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { TablePage } from '../../lib/table/table-page';
import { setUpScreenTests } from '../../testing/screen-tests';
import { patientsTable } from './patients-table';

const requests = setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('internal'), admin_patients: 1 },
});

const PATIENT = {
  patient_id: '3c1f9e2a-7b4d-4e8f-9a0b-1c2d3e4f5a6b',
  patient_surname: 'LEVEQUE',
  patient_name: 'Marie-Hélène',
  patient_birth_name: null,
  patient_gender: 'F',
  patient_dob: '1985-04-12',
  patient_identity_status: 'provisional',
  patient_created: '2026-11-23T10:00:00.000Z',
  patient_last_updated: '2026-11-23T10:00:00.000Z',
  patient_insurance_warning: null,
};

describe('the patients table', () => {
  it('shows the sex and the INS status in words, not as their stored codes', async () => {
    requests.answer('/api/get-patients', () => ({ data: [PATIENT], number_of_rows: 1, number_of_pages: 1 }));
    render(
      <Providers>
        <MemoryRouter>
          <TablePage config={patientsTable} locale="fr" />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByText('LEVEQUE')).toBeDefined();
    expect(screen.getAllByText('Féminin').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Provisoire').length).toBeGreaterThan(0);
    expect(screen.queryByText('provisional')).toBeNull();
    expect(screen.queryByText('F')).toBeNull();
  });
});
