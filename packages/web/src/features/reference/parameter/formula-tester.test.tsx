// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights, FORMULA_FUNCTIONS } from '@sil/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { FormulaTester } from './formula-tester';

setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});

describe('the formula help and test of a parameter', () => {
  it('lists the variables and every function of the evaluator, even before a formula is typed', async () => {
    render(
      <Providers>
        <FormulaTester name="parameter_formula" formula="" />
      </Providers>,
    );
    const help = (await screen.findByTestId('formula-help-parameter_formula')).textContent ?? '';
    expect(help).toContain('age (âge en années)');
    expect(help).toContain('$CODE');
    for (const name of Object.keys(FORMULA_FUNCTIONS)) expect(help).toContain(name);
  });

  it('tries the formula on a sample patient in one click', async () => {
    render(
      <Providers>
        <FormulaTester name="parameter_formula" formula="round(x * weight / height, 2)" />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Patient exemple' }));
    // 1 × 70 / 170, rounded to two places.
    expect(screen.getByTestId('formula-result-parameter_formula').textContent).toBe('Résultat : 0,41');
  });
});
