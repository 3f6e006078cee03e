// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights, type RecordDeliveries, type RecordDmp } from '@sil/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { DeliveryCard } from './delivery-card';

const RECORD = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const requests = setUpScreenTests({
  locale: 'fr',
  rights: {
    ...emptyRights('internal'),
    ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])),
    validation_admin: true,
  },
});

const dmp = (fields: Partial<RecordDmp>): RecordDmp => ({
  record_id: RECORD,
  dmp_state: 'none',
  dmp_reason: null,
  dmp_invisible_to_patient: false,
  dmp_invisible_override: null,
  dmp_document_id: null,
  dmp_replaced_document_id: null,
  dmp_sent_at: null,
  dmp_attempts: 0,
  ...fields,
});
const noChannels: RecordDeliveries = { record_id: RECORD, record_status: 4, deliveries: [], calls: [] };

function showCard(state: RecordDmp) {
  requests.answer('/api/get-record-deliveries', () => noChannels);
  requests.answer('/api/get-record-dmp', () => state);
  render(
    <Providers>
      <DeliveryCard recordId={RECORD} editable />
    </Providers>,
  );
}

describe("the record's DMP feed on its delivery card", () => {
  it('says why a record was not sent: the identity is not qualified', async () => {
    showCard(dmp({ dmp_state: 'not_sent', dmp_reason: 'noQualifiedIns' }));
    expect(await screen.findByText('Non envoyé au DMP')).toBeTruthy();
    expect(screen.getByText("l'identité du patient n'est pas qualifiée (pas d'INS qualifié)")).toBeTruthy();
  });

  it("shows the DMP's refusal with its reason", async () => {
    showCard(dmp({ dmp_state: 'refused', dmp_reason: 'DMPClosed: Le DMP de ce patient est fermé' }));
    expect(await screen.findByText('Refusé par le DMP')).toBeTruthy();
    expect(screen.getByText('Motif du DMP : DMPClosed: Le DMP de ce patient est fermé')).toBeTruthy();
  });

  it('shows a sent record hidden from the patient, replacing the earlier version', async () => {
    showCard(
      dmp({
        dmp_state: 'sent',
        dmp_invisible_to_patient: true,
        dmp_sent_at: '2026-03-12T15:42:10.000Z',
        dmp_document_id: '1.2.250.1.71.4.2.2.750000001.2^b',
        dmp_replaced_document_id: '1.2.250.1.71.4.2.2.750000001.2^a',
      }),
    );
    expect(await screen.findByText('Envoyé au DMP')).toBeTruthy();
    expect(screen.getByText("Masqué au patient jusqu'à une consultation d'annonce")).toBeTruthy();
    expect(screen.getByText(/Remplace la version déjà au DMP/)).toBeTruthy();
  });

  it('lets the biologist hide a record not validated yet from the patient', async () => {
    requests.answer('/api/update-record-dmp', ({ body }) =>
      dmp({
        dmp_invisible_override: (body as { dmp_invisible_override: boolean | null }).dmp_invisible_override,
      }),
    );
    showCard(dmp({ dmp_state: 'none' }));
    const hide = await screen.findByRole('checkbox', {
      name: "Masquer au patient dans le DMP jusqu'à une consultation d'annonce",
    });
    await userEvent.setup().click(hide);
    await waitFor(() => expect((hide as HTMLInputElement).checked).toBe(true));
    const sent = requests.sent.filter((request) => request.path === '/api/update-record-dmp');
    expect(sent.map((request) => request.body)).toEqual([
      { record_id: RECORD, dmp_invisible_override: true },
    ]);
  });
});
