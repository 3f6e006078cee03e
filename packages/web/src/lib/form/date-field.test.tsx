// @vitest-environment jsdom
import { NumberInput } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { stubBrowserApis } from '../../testing/dom';
import { stubRequests } from '../../testing/requests';
import { i18n, loadLanguage } from '../i18n';
import { DateField, dateValueOf } from './date-field';

// English is fetched on demand in the app; the tests switch to it at once.
beforeAll(() => loadLanguage('en'));

stubRequests();
beforeAll(() => {
  stubBrowserApis();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The field as a form holds it: the value it sends comes back to it. */
function Harness({ initial = '', onValue }: { initial?: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Date de naissance"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

async function renderIn(language: 'fr' | 'en', ui: React.ReactNode) {
  await i18n.changeLanguage(language);
  return render(<Providers>{ui}</Providers>);
}

const input = () => screen.getByRole('textbox', { name: /Date de naissance/ });

describe('the date field', () => {
  it('turns eight typed digits into DD/MM/YYYY and sends the API date', async () => {
    const onValue = vi.fn();
    await renderIn('fr', <Harness onValue={onValue} />);
    await userEvent.setup().type(input(), '14031985');
    expect(input()).toHaveProperty('value', '14/03/1985');
    expect(onValue).toHaveBeenLastCalledWith('1985-03-14');
    expect(input().getAttribute('placeholder')).toBe('JJ/MM/AAAA');
  });

  it('says at once that a day does not exist, and keeps what was typed for the form to refuse', async () => {
    const onValue = vi.fn();
    await renderIn('fr', <Harness onValue={onValue} />);
    await userEvent.setup().type(input(), '31/02/2020');
    expect(await screen.findByText("Cette date n'existe pas")).toBeTruthy();
    expect(onValue).toHaveBeenLastCalledWith('31/02/2020');
  });

  it('takes a pasted date in either form and shows it back day first when the user leaves', async () => {
    const onValue = vi.fn();
    await renderIn('en', <Harness onValue={onValue} />);
    const user = userEvent.setup();
    await user.click(input());
    await user.paste('1985-03-14');
    expect(onValue).toHaveBeenLastCalledWith('1985-03-14');
    fireEvent.blur(input());
    expect(input()).toHaveProperty('value', '14/03/1985');
    await user.clear(input());
    expect(onValue).toHaveBeenLastCalledWith('');
    await user.paste('1/3/1985');
    expect(onValue).toHaveBeenLastCalledWith('1985-03-01');
    fireEvent.blur(input());
    expect(input()).toHaveProperty('value', '01/03/1985');
  });

  it('says a date is incomplete only once the user leaves it', async () => {
    await renderIn('en', <Harness onValue={() => undefined} />);
    await userEvent.setup().type(input(), '1403');
    expect(screen.queryByText(/Incomplete date/)).toBeNull();
    fireEvent.blur(input());
    expect(await screen.findByText(/Incomplete date/)).toBeTruthy();
  });

  it('shows a loaded date day first and takes a day picked in the calendar, months in the screen language', async () => {
    const onValue = vi.fn();
    await renderIn('fr', <Harness initial="1985-03-14" onValue={onValue} />);
    expect(input()).toHaveProperty('value', '14/03/1985');
    fireEvent.click(screen.getByRole('button', { name: 'Choisir la date dans le calendrier' }));
    expect(await screen.findByRole('button', { name: 'mars 1985' })).toBeTruthy();
    // The calendar is open (its button says aria-expanded) but in jsdom Mantine's dropdown soon has
    // display: none, which takes the days out of the accessibility tree.
    fireEvent.click(screen.getByRole('button', { name: '20 mars 1985', hidden: true }));
    expect(onValue).toHaveBeenLastCalledWith('1985-03-20');
    expect(input()).toHaveProperty('value', '20/03/1985');
  });

  it('names the months in English on the English screen', async () => {
    await renderIn('en', <Harness initial="1985-03-14" onValue={() => undefined} />);
    expect(input()).toHaveProperty('value', '14/03/1985');
    fireEvent.click(screen.getByRole('button', { name: 'Pick the date in the calendar' }));
    expect(await screen.findByRole('button', { name: 'March 1985' })).toBeTruthy();
  });

  it('holds the API date, nothing for an empty text, the text itself otherwise', () => {
    expect(dateValueOf('14/03/1985')).toBe('1985-03-14');
    expect(dateValueOf('  ')).toBe('');
    expect(dateValueOf('14/03')).toBe('14/03');
  });
});

describe('numbers typed in the screen language', () => {
  it('reads 3,5 in French and 3.5 in English as the number 3.5', async () => {
    const onChange = vi.fn();
    await renderIn('fr', <NumberInput label="Coefficient" onChange={onChange} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Coefficient' }), '3,5');
    expect(onChange).toHaveBeenLastCalledWith(3.5);
    cleanup();
    await renderIn('en', <NumberInput label="Coefficient" onChange={onChange} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Coefficient' }), '2.25');
    expect(onChange).toHaveBeenLastCalledWith(2.25);
  });

  it('shows the French decimal mark even when a point is typed', async () => {
    await renderIn('fr', <NumberInput label="Coefficient" />);
    const field = screen.getByRole('textbox', { name: 'Coefficient' });
    await userEvent.setup().type(field, '3.5');
    expect(field).toHaveProperty('value', '3,5');
  });
});
