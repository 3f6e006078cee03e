// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights } from '@sil/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { EntityFormModal } from '../../lib/form/entity-form-modal';
import { setUpScreenTests } from '../../testing/screen-tests';
import { familiesTable } from './table-configs';

setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});

// The report message's growing text area listens to the fonts loading, which jsdom does not have.
beforeAll(() => {
  const fonts = { addEventListener: () => undefined, removeEventListener: () => undefined };
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
});

function renderNewFamily(onClose: () => void) {
  if (familiesTable.form.kind !== 'modal') throw new Error('the family form is a modal');
  render(
    <Providers>
      <EntityFormModal
        config={familiesTable}
        fields={familiesTable.form.fields}
        title="Familles"
        id={null}
        onClose={onClose}
      />
    </Providers>,
  );
}

describe('a reference form in its modal', () => {
  it('closes on Escape at once while nothing is typed', async () => {
    const onClose = vi.fn();
    renderNewFamily(onClose);
    const name = await screen.findByRole('textbox', { name: /^Famille/ });
    await userEvent.setup().type(name, '{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks before Escape drops typed inputs, and keeps them when the user goes on', async () => {
    const onClose = vi.fn();
    renderNewFamily(onClose);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: /^Famille/ });
    await user.type(name, 'Sérologie');
    await user.keyboard('{Escape}');
    const keep = await screen.findByRole('button', { name: 'Continuer la saisie', hidden: true });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(keep);
    expect((screen.getByRole('textbox', { name: /^Famille/ }) as HTMLInputElement).value).toBe('Sérologie');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('textbox', { name: /^Famille/ }));
    await user.keyboard('{Escape}');
    fireEvent.click(await screen.findByRole('button', { name: 'Abandonner', hidden: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  }, 20_000);
});
