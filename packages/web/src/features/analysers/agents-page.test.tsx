// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights } from '@sil/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { AgentsPage } from './agents-page';
import { agent, STAMP } from './test-rows';
import { loadAnalyserTexts } from './texts';

const requests = setUpScreenTests({
  locale: 'en',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});
beforeAll(loadAnalyserTexts);

const bodiesTo = (path: string) =>
  requests.sent.filter((sent) => sent.path === path).map((sent) => sent.body);

function renderPage() {
  render(
    <Providers>
      <AgentsPage />
    </Providers>,
  );
}

describe('the agents screen', () => {
  it('declares an agent and shows its one-time code with how to use it', async () => {
    requests.answer('/api/get-agents', () => ({ agents: [] }));
    requests.answer('/api/add-agent', ({ body }) => ({
      agent_id: '5b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
      agent_name: (body as { agent_name: string }).agent_name,
      enrolment_code: 'AB12-CD34-EF56-GH78',
      enrolment_expires_at: '2026-11-29T09:00:00.000Z',
      agent_last_updated: STAMP,
    }));
    renderPage();
    await screen.findByText('No agent declared yet.', {}, { timeout: 10_000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Declare an agent' }));
    await user.type(await screen.findByRole('textbox', { name: /Agent name/ }), 'Chemistry PC');
    await user.click(screen.getByRole('button', { name: 'Declare and get its code' }));
    expect(await screen.findByText('AB12-CD34-EF56-GH78')).toBeDefined();
    expect(screen.getByText(/Shown only this once/)).toBeDefined();
    expect(screen.getByText('How to use it')).toBeDefined();
    expect(bodiesTo('/api/add-agent')).toEqual([{ agent_name: 'Chemistry PC' }]);
  });

  it('lists agents with state and last call, rotates a credential and revokes with a confirmation', async () => {
    const row = agent();
    requests.answer('/api/get-agents', () => ({ agents: [row] }));
    requests.answer('/api/rotate-agent-credential', () => ({
      agent_id: row.agent_id,
      agent_name: row.agent_name,
      enrolment_code: 'ZZ12-CD34-EF56-GH78',
      enrolment_expires_at: '2026-11-29T09:00:00.000Z',
      agent_last_updated: STAMP,
    }));
    requests.answer('/api/revoke-agent', () => ({ ...row, agent_state: 'revoked' }));
    renderPage();
    const card = await screen.findByText('Bench PC', {}, { timeout: 10_000 });
    const box = card.closest('[data-agent]') as HTMLElement;
    expect(within(box).getByText('Enrolled')).toBeDefined();
    expect(within(box).getByText(/Last seen/)).toBeDefined();
    expect(within(box).getByText('Serves: XN-1000')).toBeDefined();
    const user = userEvent.setup();
    await user.click(within(box).getByRole('button', { name: 'New credential' }));
    expect(await screen.findByText('ZZ12-CD34-EF56-GH78')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(within(box).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this agent?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(bodiesTo('/api/revoke-agent')).toEqual([
        { agent_id: row.agent_id, agent_last_updated: row.agent_last_updated },
      ]),
    );
    expect(bodiesTo('/api/rotate-agent-credential')).toEqual([
      { agent_id: row.agent_id, agent_last_updated: row.agent_last_updated },
    ]);
  });
});
