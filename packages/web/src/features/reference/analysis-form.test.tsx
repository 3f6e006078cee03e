// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights } from '@sil/contract';
import { render, screen } from '@testing-library/react';
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
});

describe('the analysis form', () => {
  it('warns, without refusing, that an analysis without a NABM act will not be billed', async () => {
    if (analysesTable.form.kind !== 'modal') throw new Error('the analysis form is a modal');
    // The pickers' tables, empty: the warning needs none of their rows.
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
    const warning = await screen.findByTestId('empty-warning-analysis_nabm_codes');
    expect(warning.textContent).toContain('Aucun acte NABM');
  }, 20_000);
});
