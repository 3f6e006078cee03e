// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveRights, saveTokens } from '../lib/session';
import { stubBrowserApis } from '../testing/dom';
import { Providers } from './providers';
import { RootRoute } from './root-route';

const UID = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';

beforeAll(stubBrowserApis);
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('locale', 'fr');
  // Any call nobody expected fails the test.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      throw new Error(`Unexpected request to ${url}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <RootRoute /> }], { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

function logInAs(userType: 'internal' | 'external' | 'prescriber') {
  const rights = { ...emptyRights(userType), prescriber_id: userType === 'prescriber' ? UID : null };
  saveTokens({ access_token: 'a', refresh_token: 'r', uid: UID }, '1767225600000abcdef');
  saveRights(rights);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!url.endsWith('/auth/is-access-token-valid')) throw new Error(`Unexpected request to ${url}`);
      return new Response(JSON.stringify({ valid: true, rights }), { status: 200 });
    }),
  );
}

describe('RootRoute', () => {
  it('sends a visitor to login and remembers where they were going', async () => {
    const router = renderAt('/fr/table/records?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/'));
    expect(localStorage.getItem('nextUrl')).toBe('/fr/table/records?page=2');
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });

  it('shows the error page for an unknown path', async () => {
    renderAt('/fr/no/such/page');
    expect(await screen.findByText(/Nous n'avons pas trouvé la page demandée/)).toBeTruthy();
  });

  it('keeps a prescriber inside the prescriber portal', async () => {
    logInAs('prescriber');
    const router = renderAt('/fr/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/table/doctors'));
    // The screen's code and texts are fetched on first use: the first import is transformed slowly here.
    expect(
      await screen.findByRole('heading', { name: 'Portail prescripteur' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('checks the token with the server on each navigation', async () => {
    logInAs('internal');
    const router = renderAt('/fr/scan');
    expect(await screen.findByRole('heading', { name: 'Scanner' })).toBeTruthy();
    await router.navigate('/fr/import');
    expect(await screen.findByRole('heading', { name: 'Import' })).toBeTruthy();
    const checks = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).endsWith('is-access-token-valid'));
    expect(checks).toHaveLength(2);
  });
});
