// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { LoginPage } from './login-page';

const requests = setUpScreenTests({ locale: 'fr', signedIn: false });

describe('the login page', () => {
  it('says a wrong password once, under the form, and in no toast beside it', async () => {
    requests.answer(
      '/auth/login',
      () =>
        new Response(JSON.stringify({ code: 'incorrectCredentials' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    render(
      <Providers>
        <MemoryRouter initialEntries={['/fr/']}>
          <LoginPage locale="fr" />
        </MemoryRouter>
      </Providers>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'biologiste@demo.lab' },
    });
    fireEvent.change(screen.getByLabelText(/^Mot de passe/, { selector: 'input' }), {
      target: { value: 'Mauvais-2026!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    const inline = await screen.findByTestId('login-error');
    expect(inline.textContent).toContain('Identifiants incorrects');
    expect(screen.getAllByText('Identifiants incorrects')).toHaveLength(1);
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });
});
