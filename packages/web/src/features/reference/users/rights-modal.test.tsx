// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { anAdminRow } from '../../../testing/rows';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { RightsModal } from './rights-modal';

const UID = '0b0c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';
const STAMP = '2026-01-01T08:00:00.000Z';
const TECHNICIAN = anAdminRow({
  admin_uid: UID,
  user_name: 'Hugo Blanc',
  user_email: 'hugo@demo.lab',
  laboratory_id: '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
  rights: { ...emptyRights('internal'), admin_records: 2 },
  admin_last_updated: STAMP,
});

const requests = setUpScreenTests({
  locale: 'en',
  uid: TECHNICIAN.laboratory_id,
  rights: { ...emptyRights('internal'), admin_access: 3 },
});
beforeEach(() => {
  requests.answer('/api/get-admin', () => [TECHNICIAN]);
});

function renderModal() {
  const onClose = vi.fn();
  render(
    <Providers>
      <RightsModal uid={UID} onClose={onClose} />
    </Providers>,
  );
  return onClose;
}

describe("a user's rights form", () => {
  it('sends only what changed, against the stamp it was read with, then closes', async () => {
    requests.answer('/api/update-admin-access', () => ({
      ...TECHNICIAN,
      user_disabled: true,
      admin_last_updated: '2026-01-01T09:00:00.000Z',
    }));
    const onClose = renderModal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Account disabled' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = requests.sent.filter((request) => request.path === '/api/update-admin-access');
    expect(sent.map((request) => request.body)).toEqual([
      { admin_uid: UID, admin_last_updated: STAMP, user_disabled: true },
    ]);
  }, 30_000);

  it('says a colleague changed the user since, and stays open', async () => {
    requests.answer(
      '/api/update-admin-access',
      () => new Response(JSON.stringify({ code: 'staleUpdate' }), { status: 409 }),
    );
    const onClose = renderModal();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Account disabled' }, { timeout: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByTestId('stale-alert');
    expect(onClose).not.toHaveBeenCalled();
  }, 30_000);
});
