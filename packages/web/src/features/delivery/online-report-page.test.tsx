// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { OnlineReportPage } from './online-report-page';

// An English screen: the birth date is still typed day first, whatever the browser's language.
const requests = setUpScreenTests({ locale: 'en', signedIn: false });

describe('the online report page', () => {
  it('reads a birth date typed as digits day first: 12041985 is 12 April 1985', async () => {
    requests.answer(
      '/api/open-online-report',
      () =>
        new Response(JSON.stringify({ code: 'recordNotFound' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    render(
      <Providers>
        <MemoryRouter>
          <OnlineReportPage locale="en" />
        </MemoryRouter>
      </Providers>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^Record number/ }), '2611230001');
    await user.type(screen.getByRole('textbox', { name: /^Password/ }), 'ab12cd');
    const birthDate = screen.getByRole('textbox', { name: /^Date of birth/ });
    await user.type(birthDate, '12041985');
    expect((birthDate as HTMLInputElement).value).toBe('12/04/1985');
    await user.click(screen.getByRole('button', { name: 'Open my report' }));
    await waitFor(() => expect(requests.sent.map((sent) => sent.path)).toContain('/api/open-online-report'));
    expect(requests.sent[0]?.body).toMatchObject({ patient_dob: '1985-04-12' });
  });
});
