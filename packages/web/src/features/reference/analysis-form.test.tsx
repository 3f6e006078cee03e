// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights } from '@sil/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { EntityFormModal } from '../../lib/form/entity-form-modal';
import { setUpScreenTests } from '../../testing/screen-tests';
import { analysesTable } from './table-configs';

const requests = setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});

// The growing text areas listen to the fonts loading, which jsdom does not have.
beforeAll(() => {
  const fonts = { addEventListener: () => undefined, removeEventListener: () => undefined };
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  // The form scrolls to the first field a refusal names, which jsdom does not do.
  Element.prototype.scrollIntoView ??= () => undefined;
});

/** The form of a new analysis, its pickers' tables empty (no test here needs their rows). */
function renderNewAnalysis() {
  if (analysesTable.form.kind !== 'modal') throw new Error('the analysis form is a modal');
  for (const table of ['matrices', 'families', 'sampletypes', 'nabms', 'machines', 'parameters'])
    requests.answer(`/api/get-${table}`, () => ({ data: [], number_of_rows: 0, number_of_pages: 0 }));
  render(
    <Providers>
      <EntityFormModal
        config={analysesTable}
        fields={analysesTable.form.fields}
        title="Analyses"
        id={null}
        onClose={() => undefined}
      />
    </Providers>,
  );
}

describe('the analysis form', () => {
  it('warns, without refusing, that an analysis without a NABM act will not be billed', async () => {
    renderNewAnalysis();
    const warning = await screen.findByTestId('empty-warning-analysis_nabm_codes');
    expect(warning.textContent).toContain('Aucun acte NABM');
  }, 20_000);

  it('says under the parameters that an orderable analysis needs one, as the server refuses it', async () => {
    requests.answer('/api/add-analysis', (request) => {
      // Orderable by default, and no parameter chosen.
      expect(request.body).toMatchObject({ analysis_name: 'Vitamine D', analysis_visible: true });
      return new Response(
        JSON.stringify({ code: 'analysisWithoutParameter', details: { field: 'analysis_parameters' } }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    });
    renderNewAnalysis();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Analyse/ }), 'Vitamine D');
    await user.click(screen.getByRole('button', { name: 'Enregistrer', hidden: true }));
    const message = await screen.findByText(/doit mesurer au moins un paramètre/, {}, { timeout: 10_000 });
    // Under the parameters picker, whose label the same wrapper holds.
    const wrapper = message.closest('.mantine-InputWrapper-root');
    if (!(wrapper instanceof HTMLElement)) throw new Error('the message is under no input');
    expect(within(wrapper).getByText('Paramètres')).toBeDefined();
  }, 30_000);
});
