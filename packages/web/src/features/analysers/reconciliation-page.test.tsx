// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights } from '@sil/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { ReconciliationPage } from './reconciliation-page';
import { item, linkState, PARAMETER, STAMP } from './test-rows';
import { loadAnalyserTexts } from './texts';

const requests = setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});
beforeAll(async () => {
  await loadAnalyserTexts();
  Element.prototype.scrollIntoView = () => undefined;
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
});
beforeEach(() => {
  requests.answer('/api/get-analyser-states', () => ({ states: [linkState()] }));
  requests.answer('/api/get-parameters', () => ({
    data: [{ parameter_id: PARAMETER, parameter_name: 'Leucocytes', parameter_last_updated: STAMP }],
    number_of_rows: 1,
    number_of_pages: 1,
  }));
});

const bodiesTo = (path: string) =>
  requests.sent.filter((sent) => sent.path === path).map((sent) => sent.body);

function renderQueue(items: ReturnType<typeof item>[]) {
  requests.answer('/api/get-reconciliation-items', () => ({
    data: items,
    number_of_rows: items.length,
    number_of_pages: 1,
  }));
  requests.answer('/api/resolve-reconciliation-item', () => ({ ...items[0], item_state: 'mapped' }));
  render(
    <Providers>
      <ReconciliationPage locale="fr" />
    </Providers>,
  );
}

describe('the reconciliation queue', () => {
  it('maps an unmapped code to a parameter and learns it', async () => {
    const open = item();
    renderQueue([open]);
    const resolve = await screen.findByRole('button', { name: 'Traiter' }, { timeout: 10_000 });
    const card = resolve.closest('[data-item-reason]') as HTMLElement;
    expect(within(card).getByText('Code test non associé')).toBeDefined();
    expect(within(card).getByText('Échantillon 2611280001 · code WBC · 7,2 10*3/uL')).toBeDefined();
    const user = userEvent.setup();
    await user.click(resolve);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Paramètre', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Leucocytes', hidden: true }));
    expect((within(dialog).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Associer et enregistrer' }));
    await waitFor(() =>
      expect(bodiesTo('/api/resolve-reconciliation-item')).toEqual([
        {
          item_id: open.item_id,
          item_last_updated: open.item_last_updated,
          resolution: { action: 'map', parameter_id: PARAMETER, unit_factor: null, learn: true },
        },
      ]),
    );
  });

  it('assigns an unknown specimen to a sample by its number, the action offered first', async () => {
    const open = item({ reason: 'unknownSpecimen', sample_number: null, parameter_id: PARAMETER });
    renderQueue([open]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Traiter' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Attribuer à un échantillon' }).checked,
    ).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: "Numéro d'échantillon" }), '2611280002');
    await user.click(within(dialog).getByRole('button', { name: 'Attribuer et enregistrer' }));
    await waitFor(() =>
      expect(bodiesTo('/api/resolve-reconciliation-item')).toEqual([
        {
          item_id: open.item_id,
          item_last_updated: open.item_last_updated,
          resolution: { action: 'assign', sample_number: '2611280002', parameter_id: PARAMETER },
        },
      ]),
    );
  });

  it('offers only a discard with its reason for a conflict with a validated value', async () => {
    const open = item({ reason: 'validatedConflict', detail: '6.9 validé' });
    renderQueue([open]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Traiter' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Associer à un paramètre')).toBeNull();
    const discard = within(dialog).getByRole('button', { name: 'Écarter' });
    expect((discard as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Motif/ }), 'Valeur déjà validée, contrôlée');
    await user.click(discard);
    await waitFor(() =>
      expect(bodiesTo('/api/resolve-reconciliation-item')).toEqual([
        {
          item_id: open.item_id,
          item_last_updated: open.item_last_updated,
          resolution: { action: 'discard', reason: 'Valeur déjà validée, contrôlée' },
        },
      ]),
    );
  });
});
