// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { aUserData } from '../../testing/rows';
import { setUpScreenTests } from '../../testing/screen-tests';
import { SecurityPage } from './security-page';
import { loadSettingsTexts } from './texts';

const requests = setUpScreenTests({ locale: 'en', rights: emptyRights('internal') });
beforeAll(loadSettingsTexts);

const LINKED_AT = '2026-11-29T10:00:00.000Z';
const statusAnswer = (linked: boolean) => ({
  pending_email: null,
  pending_phone: null,
  psc_linked: linked,
  psc_linked_at: linked ? LINKED_AT : null,
  psc_configured: true,
  push_configured: false,
  push_subscriptions: 0,
});

describe('the security page back from Pro Santé Connect', () => {
  it('says the account is linked even when its first read of the status was answered before the link', async () => {
    let linked = false;
    let linkAnswered = () => {};
    const afterTheLink = new Promise<void>((resolve) => {
      linkAnswered = resolve;
    });
    // The page reads the status while it links: the server answers 'not linked', and the answer
    // reaches the page only after the link's own (as on a busy machine).
    requests.answer('/api/get-account-status', async () => {
      const answer = statusAnswer(linked);
      await afterTheLink;
      return answer;
    });
    requests.answer('/api/link-psc-account', async () => {
      // The link commits a moment after the page asked for the status.
      await new Promise((resolve) => setTimeout(resolve, 20));
      linked = true;
      setTimeout(linkAnswered, 50);
      return { psc_linked: true, psc_linked_at: LINKED_AT };
    });
    requests.answer('/api/get-own-sessions', () => []);
    requests.answer('/api/get-user-data', () =>
      aUserData({
        preferences: { ...aUserData().preferences, locale: 'en' },
        admin_last_updated: LINKED_AT,
      }),
    );
    const router = createMemoryRouter([{ path: '*', element: <SecurityPage locale="en" /> }], {
      initialEntries: ['/en/security?state=s1&code=c1&session_state=x'],
    });
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    // The card's own words, not the toast's (which says the same once the link is answered).
    await waitFor(() => expect(document.querySelector('[data-psc="linked"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(requests.sent.filter((request) => request.path === '/api/link-psc-account')).toHaveLength(1);
    expect(router.state.location.search).toBe('');
  }, 30_000);
});
