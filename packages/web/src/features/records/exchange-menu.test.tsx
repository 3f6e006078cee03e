// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights } from '@sil/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { ExchangeMenu } from './exchange-menu';

const RECORD = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
const requests = setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});
const saved: string[] = [];

beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:xdm');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

describe('the results export menu', () => {
  it("saves the record's secure-messaging package under the name the server gives it", async () => {
    requests.answer(
      '/api/download-record-xdm',
      () =>
        new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': "attachment; filename*=UTF-8''2603120007-V1-XDM.zip",
          },
        }),
    );
    render(
      <Providers>
        <ExchangeMenu recordId={RECORD} />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Exporter les résultats' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Paquet MSSanté (IHE XDM, CR-BIO)' }));
    await waitFor(() => expect(saved).toEqual(['2603120007-V1-XDM.zip']));
    expect(requests.sent.map((sent) => sent.url.searchParams.get('record_id'))).toEqual([RECORD]);
  });
});
