// @vitest-environment jsdom
import { ADMIN_KEYS, type AgentRow, emptyRights } from '@sil/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { EntityFormModal } from '../../lib/form/entity-form-modal';
import { setUpScreenTests } from '../../testing/screen-tests';
import { machinesTable } from './table-configs';

const requests = setUpScreenTests({
  locale: 'en',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});

const AGENT: AgentRow = {
  agent_id: '0b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
  agent_name: 'Bench PC',
  agent_state: 'active',
  agent_enrolment_expires_at: null,
  agent_enrolled_at: '2026-11-28T09:00:00.000Z',
  agent_credential_rotated_at: null,
  agent_revoked_at: null,
  agent_last_seen_at: '2026-11-28T09:00:00.000Z',
  agent_host: 'bench-1',
  agent_version: '1.0.0',
  agent_analysers: [],
  agent_last_updated: '2026-11-28T09:00:00.000Z',
};

// Mantine scrolls the chosen option into view, which jsdom does not do.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});
beforeEach(() => {
  requests.answer('/api/get-agents', () => ({ agents: [AGENT] }));
});

function renderNewMachine() {
  if (machinesTable.form.kind !== 'modal') throw new Error('the machine form is a modal');
  render(
    <Providers>
      <EntityFormModal
        config={machinesTable}
        fields={machinesTable.form.fields}
        title="Machines"
        id={null}
        onClose={() => undefined}
      />
    </Providers>,
  );
}

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(label, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('the machine form', () => {
  it("shows the connection's fields by transport and sends a serial analyser's line", async () => {
    requests.answer('/api/add-machine', ({ body }) => ({
      machine_id: '1b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
      machine_last_updated: '2026-11-28T09:00:00.000Z',
      ...(body as object),
    }));
    renderNewMachine();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Machine/ }), { target: { value: 'XN' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Code/ }), { target: { value: 'XN1' } });
    // A machine that only imports files has no connection to describe.
    expect(screen.queryByLabelText('Connection', { selector: 'input' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /download mode/ })).toBeNull();
    await choose('Connection protocol', 'ASTM (LIS1-A / LIS2-A2)');
    await choose('Connection', 'TCP, the agent connects to the analyser');
    expect(screen.getByRole('textbox', { name: 'Host' })).toBeDefined();
    expect(screen.queryByLabelText('Serial port', { selector: 'input' })).toBeNull();
    await choose('Connection', 'Serial line');
    expect(screen.queryByRole('textbox', { name: 'Host' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /^Serial port/ }), {
      target: { value: '/dev/ttyUSB0' },
    });
    await choose('Baud rate', '9600');
    await choose('Data bits', '8');
    await choose('Parity', 'None');
    await choose('Stop bits', '1');
    await choose('Agent serving it', 'Bench PC');
    // Download mode: orders sent unasked when a sample is registered.
    fireEvent.click(screen.getByRole('switch', { name: /^Send orders unasked \(download mode\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.sent.map((sent) => sent.path)).toContain('/api/add-machine'));
    const sent = requests.sent.find((request) => request.path === '/api/add-machine');
    expect(sent?.body).toMatchObject({
      machine_name: 'XN',
      machine_protocol: 'astm',
      machine_transport: 'serial',
      machine_serial_path: '/dev/ttyUSB0',
      machine_baud_rate: 9600,
      machine_data_bits: 8,
      machine_parity: 'none',
      machine_stop_bits: 1,
      machine_agent: AGENT.agent_id,
      machine_download: true,
    });
    expect(sent?.body).not.toHaveProperty('machine_host', expect.any(String));
  });
});
