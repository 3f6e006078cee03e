// @vitest-environment jsdom
import { type ExchangeDestinationSettings, emptyRights } from '@sil/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { ExchangeDestinationCard } from './exchange-destination-card';
import { loadSettingsTexts } from './texts';

const PRESCRIBER = '3a7c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const STAMP = '2026-01-01T08:00:00.000Z';
const SAVED: ExchangeDestinationSettings = {
  exchange_format: 'hl7',
  exchange_url: null,
  exchange_prescribers: [
    {
      prescriber_id: PRESCRIBER,
      prescriber_label: 'Dr BERNARD Anne',
      exchange_format: 'fhir',
      exchange_url: null,
    },
  ],
  laboratory_last_updated: STAMP,
};
const UPDATE = '/api/update-exchange-destination';

// The administrator without the prescribers right: the saved rows still read by their names.
const requests = setUpScreenTests({
  locale: 'en',
  rights: { ...emptyRights('internal'), admin_rights: true },
});
beforeAll(loadSettingsTexts);
beforeEach(() => {
  requests.answer('/api/get-exchange-destination', () => SAVED);
});

const sentUpdates = () => requests.sent.filter((request) => request.path === UPDATE);

function renderCard() {
  render(
    <Providers>
      <ExchangeDestinationCard />
    </Providers>,
  );
}

describe('the exchange destination card', () => {
  it('asks for the prescriber of a new row and sends nothing, then saves the rows left', async () => {
    requests.answer(UPDATE, () => ({ ...SAVED, laboratory_last_updated: '2026-01-01T09:00:00.000Z' }));
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a prescriber' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Choose a prescriber.');
    expect(sentUpdates()).toEqual([]);

    const removes = screen.getAllByRole('button', { name: 'Remove' });
    await user.click(removes[removes.length - 1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Result destination saved');
    expect(sentUpdates().map((request) => request.body)).toEqual([
      {
        exchange_format: 'hl7',
        exchange_url: null,
        exchange_prescribers: [{ prescriber_id: PRESCRIBER, exchange_format: 'fhir', exchange_url: null }],
        laboratory_last_updated: STAMP,
      },
    ]);
  }, 30_000);

  it('says under its row that a prescriber no longer exists when the server refuses it', async () => {
    requests.answer(
      UPDATE,
      () =>
        new Response(
          JSON.stringify({
            code: 'prescriberNotFound',
            details: {
              issues: [{ path: 'exchange_prescribers.0.prescriber_id', message: 'prescriberNotFound' }],
            },
          }),
          { status: 404 },
        ),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 }));
    await screen.findByText('This prescriber no longer exists in the laboratory.');
    expect(sentUpdates()).toHaveLength(1);
  }, 30_000);
});
