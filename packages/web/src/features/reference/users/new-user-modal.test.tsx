// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { sha256Hex } from '../../../lib/session';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { NewUserModal } from './new-user-modal';

const requests = setUpScreenTests({ locale: 'en', rights: { ...emptyRights('internal'), admin_access: 3 } });
beforeEach(() => {
  requests.answer('/auth/add-new-user', () => ({
    admin_uid: '0b0c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f',
    invitation_sent: false,
  }));
});

/** Pasted rather than typed key by key: the modal is large and the test machine loaded. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

function renderModal(onClose = vi.fn()) {
  render(
    <Providers>
      <NewUserModal locale="en" onClose={onClose} />
    </Providers>,
  );
  return onClose;
}

describe('the new user form', () => {
  it('shows every missing field and a password outside the policy at once, and sends nothing', async () => {
    renderModal();
    const user = userEvent.setup();
    await fill(user, screen.getByLabelText('Initial password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('At least 8 characters with a letter, a digit and a special character');
    expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(1);
    expect(requests.sent).toEqual([]);
  }, 40_000);

  it("sends an internal user's body with the password's digest, never the password", async () => {
    const onClose = renderModal();
    const user = userEvent.setup();
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Hugo Blanc');
    await fill(user, screen.getByRole('textbox', { name: 'E-mail' }), 'hugo@demo.lab');
    await fill(user, screen.getByLabelText('Initial password'), 'Demo-2026!pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.sent).toHaveLength(1);
    const sent = requests.sent[0];
    expect(sent?.body).toMatchObject({
      user_name: 'Hugo Blanc',
      user_email: 'hugo@demo.lab',
      user_password: await sha256Hex('Demo-2026!pass'),
      otp_enabled: false,
      locale: 'en',
    });
    expect(sent?.body).not.toHaveProperty('type');
    expect(sent?.body).not.toHaveProperty('clinic_id');
  }, 40_000);
});
