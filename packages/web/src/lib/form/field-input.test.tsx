// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { loadScreenTexts } from '../../app/screen-texts';
import { stubBrowserApis } from '../../testing/dom';
import { stubRequests } from '../../testing/requests';
import { i18n, loadLanguage } from '../i18n';
import type { Payload } from '../table/payload';
import { FieldInput } from './field-input';
import type { FieldSpec, FormValues } from './field-spec';

stubRequests();
// English is fetched on demand in the app; the tests switch to it at once.
beforeAll(() => loadLanguage('en'));

const COEF: FieldSpec = { name: 'nabm_coef_b', kind: 'number', decimals: 2 };
let read: () => FormValues = () => ({});

function Form({ field }: { field: FieldSpec }) {
  const form = useForm<FormValues, unknown, Payload>({ defaultValues: { [field.name]: '' } });
  read = form.getValues;
  return <FieldInput field={field} control={form.control} errors={form.formState.errors} />;
}

beforeAll(async () => {
  stubBrowserApis();
  await loadScreenTexts();
});
afterEach(cleanup);

describe('a number of an entity form', () => {
  it('keeps the unfinished text while a decimal is typed, and holds the number once it is one', async () => {
    await i18n.changeLanguage('fr');
    render(
      <Providers>
        <Form field={COEF} />
      </Providers>,
    );
    const input = screen.getByRole('textbox');
    const user = userEvent.setup();
    await user.type(input, '3,');
    expect(input).toHaveProperty('value', '3,');
    // What is there so far: a form sent now would send 3, not lose the number.
    expect(read().nabm_coef_b).toBe(3);
    await user.type(input, '5');
    expect(input).toHaveProperty('value', '3,5');
    expect(read().nabm_coef_b).toBe(3.5);
  });

  it('reads a number pasted with a point on the French screen as a decimal, not as digits', async () => {
    await i18n.changeLanguage('fr');
    render(
      <Providers>
        <Form field={COEF} />
      </Providers>,
    );
    const input = screen.getByRole('textbox');
    // The whole text at once, as a paste or a browser's autofill sets it.
    fireEvent.change(input, { target: { value: '0.5' } });
    expect(input).toHaveProperty('value', '0,5');
    expect(read().nabm_coef_b).toBe(0.5);
  });
});
