// @vitest-environment jsdom
import { emptyRights } from '@sil/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { setUpScreenTests } from '../testing/screen-tests';
import { CopyValueButton } from './copy-value-button';

setUpScreenTests({ locale: 'en', rights: emptyRights('internal') });

const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  if (clipboard) Object.defineProperty(Navigator.prototype, 'clipboard', clipboard);
});

function renderButton() {
  render(
    <Providers>
      <CopyValueButton value="K7Q-42X" copiedLabel="Copied">
        Copy the code
      </CopyValueButton>
    </Providers>,
  );
}

describe('a copy-to-clipboard button', () => {
  // The refusal first: a toast stays shown for a while, across tests.
  it('says the copy failed when the browser refuses it, and never that it succeeded', async () => {
    const writeText = vi.fn(async () => {
      throw new Error('denied');
    });
    // user-event puts its own clipboard on the navigator: this one goes over it.
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderButton();
    await user.click(await screen.findByRole('button', { name: 'Copy the code' }));
    await screen.findByText('The browser did not allow the copy: select the text and copy it');
    expect(screen.queryByText('Copied to the clipboard')).toBeNull();
  }, 30_000);

  it('copies the value and says so with the copySuccess toast', async () => {
    const writeText = vi.fn(async () => undefined);
    // user-event puts its own clipboard on the navigator: this one goes over it.
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderButton();
    await user.click(await screen.findByRole('button', { name: 'Copy the code' }));
    await screen.findByText('Copied to the clipboard');
    expect(writeText).toHaveBeenCalledWith('K7Q-42X');
    screen.getByRole('button', { name: 'Copied' });
  }, 30_000);
});
