// @vitest-environment jsdom
import { ADMIN_KEYS, type AnalyserMessageRow, emptyRights } from '@sil/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { AnalysersPage } from './analysers-page';
import { linkState, MACHINE, PARAMETER, STAMP } from './test-rows';
import { loadAnalyserTexts } from './texts';

const requests = setUpScreenTests({
  locale: 'en',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});
beforeAll(async () => {
  await loadAnalyserTexts();
  Element.prototype.scrollIntoView = () => undefined;
});

const MESSAGE: AnalyserMessageRow = {
  message_id: '6b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
  machine_id: MACHINE,
  agent_id: '0b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
  protocol: 'astm',
  received_at: STAMP,
  stored_at: STAMP,
  raw_text: 'H|\\^&\rR|1|^^^WBC|7.2|10*3/uL\rL|1\r',
  parsed: {
    kind: 'results',
    results: [
      {
        specimen_id: '2611280001',
        test_code: 'WBC',
        value: '7.2',
        unit: '10*3/uL',
        reference_range: '',
        flags: ['H'],
        status: 'F',
        run_at: '20261128090000',
        qc: false,
      },
    ],
  },
  outcome: 'partly',
  results_stored: 1,
  results_to_ciq: 0,
  results_in_reconciliation: 1,
};

beforeEach(() => {
  requests.answer('/api/get-analyser-states', () => ({ states: [linkState()] }));
  requests.answer('/api/get-analyser-messages', () => ({
    data: [MESSAGE],
    number_of_rows: 1,
    number_of_pages: 1,
  }));
  requests.answer('/api/get-parameters', () => ({
    data: [{ parameter_id: PARAMETER, parameter_name: 'Leucocytes', parameter_last_updated: STAMP }],
    number_of_rows: 1,
    number_of_pages: 1,
  }));
  requests.answer('/api/get-analyser-mappings', () => ({
    mappings: [
      {
        mapping_id: '7b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
        machine_id: MACHINE,
        test_code: 'WBC',
        parameter_id: PARAMETER,
        parameter_name: 'Leucocytes',
        parameter_code: 'GB',
        unit_factor: null,
        analyser_unit: null,
        mapping_last_updated: STAMP,
      },
    ],
  }));
});

function renderPage(machineId: string | null, tab: string | null = null) {
  render(
    <MemoryRouter>
      <Providers>
        <AnalysersPage locale="en" machineId={machineId} tab={tab} />
      </Providers>
    </MemoryRouter>,
  );
}

describe('the connected machines screen', () => {
  it('lists each analyser with its link', async () => {
    renderPage(null);
    const card = (await screen.findByText('XN-1000', {}, { timeout: 10_000 })).closest('[data-analyser]');
    expect(within(card as HTMLElement).getByText('Connected')).toBeDefined();
    expect(within(card as HTMLElement).getByText('1 result to reconcile')).toBeDefined();
  });

  it('reads a TCP server waiting for its analyser as listening, and a link neither open nor connected as not connected', async () => {
    requests.answer('/api/get-analyser-states', () => ({
      states: [
        linkState({ connected: false, listening: true }),
        linkState({
          machine_id: '3b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
          machine_name: 'Cobas c311',
          connected: false,
          listening: false,
        }),
      ],
    }));
    renderPage(null);
    const waiting = (await screen.findByText('XN-1000', {}, { timeout: 10_000 })).closest('[data-analyser]');
    expect(within(waiting as HTMLElement).getByText('Listening')).toBeDefined();
    const away = screen.getByText('Cobas c311').closest('[data-analyser]');
    expect(within(away as HTMLElement).getByText('Not connected')).toBeDefined();
  });

  it("shows one analyser's link counts and its message log, raw and as read", async () => {
    renderPage(MACHINE);
    const link = await screen.findByText('Retransmissions', {}, { timeout: 10_000 });
    const card = link.closest('[data-link-state]') as HTMLElement;
    expect(card.getAttribute('data-link-state')).toBe('connected');
    expect(within(card).getByText('checksum error on frame 2', { exact: false })).toBeDefined();
    expect(within(card).getByText('3')).toBeDefined();
    const user = userEvent.setup();
    await screen.findByText('Message log');
    const message = await waitFor(() => {
      const control = document.querySelector('[data-message="partly"] button');
      if (!control) throw new Error('no message yet');
      return control;
    });
    await user.click(message);
    expect(await screen.findByText('1 result stored · 1 to reconcile')).toBeDefined();
    const raw = document.querySelector('[data-raw-text]');
    expect(raw?.textContent).toBe('H|\\^&<CR>\nR|1|^^^WBC|7.2|10*3/uL<CR>\nL|1<CR>\n');
    // As read: the run time in the screen's words (English here); as received: the bytes as sent.
    expect(screen.getByText('7.2 10*3/uL')).toBeDefined();
    expect(screen.getByText('28/11/2026, 09:00')).toBeDefined();
  });

  it('shows an order sent unasked (download mode) in the log, as sent and with the analyser’s answer', async () => {
    requests.answer('/api/get-analyser-messages', () => ({
      data: [
        {
          ...MESSAGE,
          protocol: 'hl7',
          raw_text: 'MSH|^~\\&|SIL||XN||20261128090000||OML^O33^OML_O33|1|P|2.5.1\rSPM|1|2611280001',
          parsed: { kind: 'order', specimen_ids: ['2611280001'], test_codes: ['WBC', 'HGB'], answer: 'AA' },
          outcome: 'sent',
          results_in_reconciliation: 0,
          results_stored: 0,
        },
      ],
      number_of_rows: 1,
      number_of_pages: 1,
    }));
    renderPage(MACHINE);
    const user = userEvent.setup();
    const control = await waitFor(() => {
      const found = document.querySelector('[data-message="sent"] button');
      if (!found) throw new Error('no message yet');
      return found;
    });
    expect(within(control as HTMLElement).getByText('Order sent')).toBeDefined();
    await user.click(control);
    expect(
      await screen.findByText('Sent unasked, for 2611280001: WBC, HGB. The analyser answered AA.'),
    ).toBeDefined();
    expect(screen.getByText('As sent')).toBeDefined();
    expect(screen.queryByText('As received')).toBeNull();
  });

  it('edits the mapping: a code added with its parameter, factor and unit, all lines saved together', async () => {
    requests.answer('/api/update-analyser-mappings', () => ({ mappings: [] }));
    renderPage(MACHINE, 'mappings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a test code' }, { timeout: 10_000 }));
    const line = document.querySelector('[data-mapping-line="1"]') as HTMLElement;
    await user.type(within(line).getByRole('textbox', { name: 'Test code' }), 'HGB');
    await user.click(within(line).getByLabelText('Parameter', { selector: 'input' }));
    // The first line's dropdown stays in the document, closed: the last option is this line's.
    const options = await screen.findAllByRole('option', { name: 'Leucocytes', hidden: true });
    await user.click(options.at(-1) as HTMLElement);
    await user.type(within(line).getByRole('textbox', { name: 'Unit factor' }), '10');
    await user.type(within(line).getByRole('textbox', { name: 'Unit sent' }), 'g/dL');
    await user.click(screen.getByRole('button', { name: 'Save the mapping' }));
    await waitFor(() =>
      expect(
        requests.sent.filter((sent) => sent.path === '/api/update-analyser-mappings').map((s) => s.body),
      ).toEqual([
        {
          machine_id: MACHINE,
          mappings: [
            { test_code: 'WBC', parameter_id: PARAMETER, unit_factor: null, analyser_unit: null },
            { test_code: 'HGB', parameter_id: PARAMETER, unit_factor: 10, analyser_unit: 'g/dL' },
          ],
        },
      ]),
    );
  });
});
