// @vitest-environment jsdom
import { ADMIN_KEYS, emptyRights } from '@sil/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { ParameterForm } from './parameter-form';

const scrolled: string[] = [];
const requests = setUpScreenTests({
  locale: 'fr',
  rights: { ...emptyRights('internal'), ...Object.fromEntries(ADMIN_KEYS.map((key) => [key, 3])) },
});

beforeEach(async () => {
  scrolled.length = 0;
  HTMLElement.prototype.scrollIntoView = vi.fn(function (this: HTMLElement) {
    scrolled.push(this.getAttribute('data-field') ?? this.id);
  });
  // The machine, family and matrix choices: empty lists, this test saves nothing.
  for (const table of ['machines', 'families', 'matrices']) {
    requests.answer(`/api/get-${table}`, () => ({ data: [], number_of_rows: 0, number_of_pages: 0 }));
  }
});

/**
 * The form's range fields by their aria-label: a query by role or label text names every field of
 * this large form at each call, over a second in jsdom, and the tests ran out of time on a busy
 * machine.
 */
const byAriaLabel = (label: string) =>
  document.querySelectorAll<HTMLInputElement>(`input[aria-label="${label}"]`);
const firstByAriaLabel = (label: string) => {
  const [field] = byAriaLabel(label);
  if (!field) throw new Error(`no field ${label}`);
  return field;
};

describe('the parameter form', () => {
  it('brings the first wrong field into view and focuses it when a save is refused', async () => {
    const onDone = vi.fn();
    render(
      <Providers>
        <ParameterForm row={null} onDone={onDone} onReload={() => undefined} />
      </Providers>,
    );
    const save = await screen.findByRole('button', { name: 'Enregistrer' });
    // The name is required and left empty; the button sits four sections below it.
    fireEvent.click(save);
    await waitFor(() => expect(scrolled).toHaveLength(1));
    // The name, the form's first field, is the first one refused.
    const name = screen.getByRole('textbox', { name: /^Nom/ });
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('checks the ranges as they are typed and keeps the values of a block when another is removed', async () => {
    render(
      <Providers>
        <ParameterForm row={null} onDone={() => undefined} onReload={() => undefined} />
      </Providers>,
    );
    const add = await screen.findByRole('button', { name: 'Ajouter des intervalles pour une matrice' });
    fireEvent.click(add);
    fireEvent.click(add);
    const cells = (bound: 'Min' | 'Max') => byAriaLabel(`Par défaut · ${bound}`);
    const cell = (block: number, bound: 'Min' | 'Max') => {
      const input = cells(bound)[block];
      if (!input) throw new Error(`no ${bound} input in block ${block}`);
      return input as HTMLInputElement;
    };
    fireEvent.change(cell(0, 'Min'), { target: { value: '5' } });
    fireEvent.change(cell(0, 'Max'), { target: { value: '2' } });
    fireEvent.change(cell(1, 'Min'), { target: { value: '1' } });
    await screen.findByTestId('bounds-problems');
    expect(screen.getByRole('button', { name: 'Enregistrer' }).hasAttribute('disabled')).toBe(true);

    // The inverted block goes; the other one, now first, keeps what was typed in it.
    fireEvent.click(screen.getAllByRole('button', { name: 'Retirer ces intervalles' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('bounds-problems')).toBeNull());
    expect(cells('Min')).toHaveLength(1);
    expect(cell(0, 'Min').value).toBe('1');
    expect(cell(0, 'Max').value).toBe('');
  });

  it('marks a zone whose minimum exceeds its maximum', async () => {
    render(
      <Providers>
        <ParameterForm row={null} onDone={() => undefined} onReload={() => undefined} />
      </Providers>,
    );
    const toxic = within(await screen.findByRole('group', { name: 'Zone toxique' }));
    const min = toxic.getByRole('textbox', { name: 'Min' });
    fireEvent.change(min, { target: { value: '10' } });
    fireEvent.change(toxic.getByRole('textbox', { name: 'Max' }), { target: { value: '3' } });
    await screen.findByTestId('bounds-problems');
    expect(min.getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the typed ranges and zones with the parameter', async () => {
    const sent: unknown[] = [];
    requests.answer('/api/add-parameter', ({ body }) => {
      sent.push(body);
      return new Response(JSON.stringify({ error: 'internal' }), { status: 500 });
    });
    render(
      <Providers>
        <ParameterForm row={null} onDone={() => undefined} onReload={() => undefined} />
      </Providers>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /^Nom/ }), { target: { value: 'Glucose' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter des intervalles pour une matrice' }));
    fireEvent.change(firstByAriaLabel('Par défaut · Min'), { target: { value: '0,7' } });
    fireEvent.change(firstByAriaLabel('Par défaut · Max'), { target: { value: '1,1' } });
    fireEvent.change(firstByAriaLabel('Par défaut · Commentaire'), {
      target: { value: ' à jeun ' },
    });
    const toxic = within(screen.getByRole('group', { name: 'Zone toxique' }));
    fireEvent.change(toxic.getByRole('textbox', { name: 'Min' }), { target: { value: '10' } });
    fireEvent.change(toxic.getByRole('textbox', { name: 'Max' }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      parameter_name: 'Glucose',
      parameter_ranges: [
        {
          matrix_id: null,
          population: 'default',
          min: 0.7,
          max: 1.1,
          delta: null,
          comment: 'à jeun',
          post_conversion_comment: null,
        },
      ],
      parameter_zones: { toxic: { min: 10, max: 20 } },
    });
  });

  it('asks for the whole delta check and sends its kind, limit and window', async () => {
    const sent: unknown[] = [];
    requests.answer('/api/add-parameter', ({ body }) => {
      sent.push(body);
      return new Response(JSON.stringify({ error: 'internal' }), { status: 500 });
    });
    render(
      <Providers>
        <ParameterForm row={null} onDone={() => undefined} onReload={() => undefined} />
      </Providers>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /^Nom/ }), {
      target: { value: 'Hémoglobine' },
    });
    // A limit alone would look set and check nothing: the form says what it lacks.
    fireEvent.change(screen.getByRole('textbox', { name: 'Limite delta' }), { target: { value: '2' } });
    await screen.findByTestId('delta-incomplete');
    expect(screen.getByRole('button', { name: 'Enregistrer' }).hasAttribute('disabled')).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Type de limite delta', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Absolue (dans l’unité)', hidden: true }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Fenêtre delta (jours)' }), {
      target: { value: '7' },
    });
    await waitFor(() => expect(screen.queryByTestId('delta-incomplete')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      parameter_name: 'Hémoglobine',
      parameter_delta_kind: 'absolute',
      parameter_delta_limit: 2,
      parameter_delta_window_days: 7,
    });
  });
});
