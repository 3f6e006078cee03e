// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveRights } from '../lib/session';
import { setUpScreenTests, signIn } from '../testing/screen-tests';
import { Providers } from './providers';
import { RootRoute } from './root-route';

const UID = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';

const requests = setUpScreenTests({ locale: 'fr', signedIn: false });

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
  signIn(UID);
  saveRights(rights);
  requests.answer('/auth/is-access-token-valid', () => ({ valid: true, rights }));
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
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
  });

  it('keeps a prescriber inside the prescriber portal', async () => {
    logInAs('prescriber');
    // The portal lists the prescriber's records.
    requests.answer('/api/get-records', () => ({ data: [], number_of_rows: 0, number_of_pages: 0 }));
    const router = renderAt('/fr/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/table/doctors'));
    // The screen's code and texts are fetched on first use: the first import is transformed slowly here.
    expect(
      await screen.findByRole('heading', { name: 'Portail prescripteur' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('checks the token with the server on each navigation', async () => {
    logInAs('internal');
    const router = renderAt('/fr/scan');
    expect(await screen.findByRole('heading', { name: 'Scanner' })).toBeTruthy();
    await router.navigate('/fr/import');
    expect(await screen.findByRole('heading', { name: 'Import' })).toBeTruthy();
    expect(requests.sent.map((request) => request.path)).toEqual([
      '/auth/is-access-token-valid',
      '/auth/is-access-token-valid',
    ]);
  });
});
