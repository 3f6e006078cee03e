// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights } from '@sil/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { EntityFormModal } from '../../lib/form/entity-form-modal';
import { setUpScreenTests } from '../../testing/screen-tests';
import { familiesTable } from './table-configs';

const requests = setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});

// The report message's growing text area listens to the fonts loading, which jsdom does not have.
beforeAll(() => {
  const fonts = { addEventListener: () => undefined, removeEventListener: () => undefined };
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
});

function renderNewFamily() {
  if (familiesTable.form.kind !== 'modal') throw new Error('the family form is a modal');
  render(
    <Providers>
      <EntityFormModal
        config={familiesTable}
        fields={familiesTable.form.fields}
        title="Familles"
        id={null}
        onClose={() => undefined}
      />
    </Providers>,
  );
}

describe('the family form', () => {
  it("offers the report chapters by their names and sends the chosen chapter's LOINC code", async () => {
    requests.answer('/api/add-family', ({ body }) => ({
      family_id: '0b6a9a3e-2f5d-4c8a-9e1b-7c6d5e4f3a21',
      family_last_updated: '2026-11-28T09:00:00.000Z',
      ...(body as object),
    }));
    renderNewFamily();
    fireEvent.change(await screen.findByRole('textbox', { name: /^Famille/ }), {
      target: { value: 'Sérologie' },
    });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Chapitre du compte rendu', { selector: 'input' }));
    // The dropdown is still in its opening transition for jsdom, hence hidden to the role query.
    expect(await screen.findByRole('option', { name: 'Biochimie', hidden: true })).toBeDefined();
    await user.click(screen.getByRole('option', { name: 'Sérologie virale', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requests.sent.map((sent) => sent.path)).toContain('/api/add-family'));
    const sent = requests.sent.find((request) => request.path === '/api/add-family');
    expect(sent?.body).toMatchObject({ family_name: 'Sérologie', family_chapter: '92893-7' });
  });
});
