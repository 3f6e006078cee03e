// @vitest-environment jsdom
import { emptyRights, type SecureMessagingSettings } from '@sil/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { SecureMessagingCard } from './secure-messaging-card';
import { loadSettingsTexts } from './texts';

const STAMP = '2026-01-01T08:00:00.000Z';
const SAVED: SecureMessagingSettings = {
  secure_messaging_host: 'smtp.mssante.example.fr',
  secure_messaging_port: 465,
  secure_messaging_security: 'tls',
  secure_messaging_user: 'labo',
  secure_messaging_has_password: true,
  secure_messaging_sender: 'labo@labo.mssante.fr',
  laboratory_last_updated: STAMP,
};
const UPDATE = '/api/update-secure-messaging';

const requests = setUpScreenTests({
  locale: 'en',
  rights: { ...emptyRights('internal'), admin_rights: true },
});
beforeAll(loadSettingsTexts);
beforeEach(() => {
  requests.answer('/api/get-secure-messaging', () => SAVED);
});

const sentUpdates = () => requests.sent.filter((request) => request.path === UPDATE);

describe('the secure messaging card', () => {
  it('keeps the saved password when left empty, and asks for the sender a relay needs', async () => {
    requests.answer(UPDATE, () => ({ ...SAVED, laboratory_last_updated: '2026-01-01T09:00:00.000Z' }));
    render(
      <Providers>
        <SecureMessagingCard />
      </Providers>,
    );
    const user = userEvent.setup();
    const sender = await screen.findByLabelText("Laboratory's MSSanté address", {}, { timeout: 10_000 });
    expect(screen.getByText('A password is saved: leave empty to keep it')).toBeTruthy();
    await user.clear(sender);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Required when a relay server is given');
    expect(sentUpdates()).toEqual([]);

    await user.type(sender, 'biologie@labo.mssante.fr');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Secure messaging relay saved');
    expect(sentUpdates().map((request) => request.body)).toEqual([
      {
        secure_messaging_host: 'smtp.mssante.example.fr',
        secure_messaging_port: 465,
        secure_messaging_security: 'tls',
        secure_messaging_user: 'labo',
        secure_messaging_sender: 'biologie@labo.mssante.fr',
        laboratory_last_updated: STAMP,
      },
    ]);
  }, 30_000);
});
