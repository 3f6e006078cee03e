// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { loadScreenTexts } from '../../app/screen-texts';
import { saveRights, saveTokens } from '../../lib/session';
import { stubBrowserApis } from '../../testing/dom';
import { stubRequests } from '../../testing/requests';
import { NotificationsCard } from './notifications-card';
import { loadSettingsTexts } from './texts';

const requests = stubRequests();
beforeAll(async () => {
  stubBrowserApis();
  await Promise.all([loadScreenTexts(), loadSettingsTexts()]);
});
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('locale', 'en');
  localStorage.setItem('notifications', 'push');
  saveTokens(
    { access_token: 'a', refresh_token: 'r', uid: '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f' },
    '1767225600000abcdef',
  );
  saveRights(emptyRights('internal'));
  requests.answer('/api/get-account-status', () => ({
    pending_email: null,
    pending_phone: null,
    psc_linked: false,
    psc_linked_at: null,
    psc_configured: false,
    push_configured: true,
    push_subscriptions: 1,
  }));
  requests.answer('/api/update-user-preferences', () => ({
    theme: 'light',
    color_blind: false,
    font_size: 'medium',
    locale: 'en',
    notifications: 'none',
  }));
});
afterEach(cleanup);

describe('the notifications card', () => {
  it('turns push notifications off by saving the preference', async () => {
    render(
      <Providers>
        <NotificationsCard />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByText('None', {}, { timeout: 10_000 }));
    await waitFor(() =>
      expect(
        requests.sent.filter((request) => request.path === '/api/update-user-preferences').map((r) => r.body),
      ).toEqual([{ notifications: 'none' }]),
    );
    expect(localStorage.getItem('notifications')).toBe('none');
  }, 30_000);
});
