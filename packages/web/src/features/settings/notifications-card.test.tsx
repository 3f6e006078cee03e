// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { NotificationsCard } from './notifications-card';
import { loadSettingsTexts } from './texts';

const requests = setUpScreenTests({ locale: 'en', rights: emptyRights('internal') });
beforeAll(loadSettingsTexts);
beforeEach(() => {
  localStorage.setItem('notifications', 'push');
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
