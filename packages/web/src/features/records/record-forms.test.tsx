// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers';
import { setUpScreenTests } from '../../testing/screen-tests';
import { CancelModal } from './cancel-modal';
import { NonconformityModal } from './nonconformities/nonconformity-modal';
import { NotesCard } from './notes-card';

const RECORD = '1c8e2d0f-7b63-4d2e-8f68-4a2b3c5d6e7f';
const REPLACEMENT = '2d9f3e1a-8c74-4e3f-9a79-5b3c4d6e7f80';
const STAMP = '2026-11-22T15:44:47.123Z';
const requests = setUpScreenTests({ locale: 'fr', uid: RECORD });

beforeAll(() => {
  // A growing textarea measures again once fonts load: jsdom has no font set.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});

/** A record row as the contract answers it: what cancel-record gives back. */
const row = (id: string) => ({
  record_id: id,
  record_number: '2611220001',
  record_patient: '0b9f3c1e-6a52-4c1d-9e57-3f1a2b4c5d6e',
  record_status: 1,
  record_password: 'k3y',
  record_selected_analyses: [],
  record_created: STAMP,
  record_last_updated: STAMP,
  ...Object.fromEntries(
    [
      'record_unresolved_nca',
      'record_lbloc_flag',
      'record_annulr_flag',
      'record_pending_fax',
      'record_pending_phone',
      'record_pending_post',
      'record_pending_paper',
      'record_pending_online',
      'record_pending_insurance_report',
      'record_pending_occupational_physician',
      'record_locked',
    ].map((flag) => [flag, false]),
  ),
  ...Object.fromEntries(
    [
      'record_lbloc_description',
      'record_annulment_explanation',
      'record_replaced_by',
      'record_replaces',
      'record_scanned_at',
      'record_received_at',
      'record_validated_at',
    ].map((field) => [field, null]),
  ),
});

describe('CancelModal', () => {
  it('waits for an explanation of three characters, then cancels without a replacement when asked', async () => {
    requests.answer('/api/cancel-record', () => ({ cancelled: row(RECORD), replacement: null }));
    const onReplaced = vi.fn();
    render(
      <Providers>
        <CancelModal recordId={RECORD} stamp={STAMP} onClose={() => {}} onReplaced={onReplaced} />
      </Providers>,
    );
    const confirm = await screen.findByRole('button', { name: 'Annuler le dossier' }, { timeout: 10_000 });
    const explanation = screen.getByRole('textbox', { name: /Explication/ });
    fireEvent.change(explanation, { target: { value: '  ok ' } });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(explanation, { target: { value: '  Tube mal étiqueté ' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Créer le dossier de remplacement' }));
    expect(confirm.hasAttribute('disabled')).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onReplaced).toHaveBeenCalledWith(null));
    expect(requests.sent.map((request) => request.body)).toEqual([
      {
        record_id: RECORD,
        record_last_updated: STAMP,
        record_annulment_explanation: 'Tube mal étiqueté',
        replace: false,
      },
    ]);
  }, 20_000);

  it('hands the replacing record to the screen', async () => {
    requests.answer('/api/cancel-record', () => ({ cancelled: row(RECORD), replacement: row(REPLACEMENT) }));
    const onReplaced = vi.fn();
    render(
      <Providers>
        <CancelModal recordId={RECORD} stamp={STAMP} onClose={() => {}} onReplaced={onReplaced} />
      </Providers>,
    );
    fireEvent.change(await screen.findByRole('textbox', { name: /Explication/ }, { timeout: 10_000 }), {
      target: { value: 'Doublon' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Annuler le dossier' }));
    await waitFor(() => expect(onReplaced).toHaveBeenCalledWith(REPLACEMENT));
    expect(requests.sent[0]?.body).toMatchObject({ replace: true });
  }, 20_000);
});

describe('NonconformityModal', () => {
  it('needs the text a step requires, and hands it trimmed to the step', async () => {
    const onSubmit = vi.fn();
    render(
      <Providers>
        <NonconformityModal
          testId="close-nct-modal"
          title="Clore la NCT"
          textLabel="Solution"
          textRequired
          saving={false}
          onSubmit={onSubmit}
          onClose={() => {}}
        />
      </Providers>,
    );
    const save = await screen.findByRole('button', { name: 'Enregistrer' }, { timeout: 10_000 });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Solution/ }), {
      target: { value: '  Nouveau prélèvement  ' },
    });
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ code: null, choice: null, text: 'Nouveau prélèvement' });
  }, 20_000);
});

describe('NotesCard', () => {
  const LATER = '2026-11-22T16:02:11.456Z';
  const notes = (text: string, stamp: string) => (
    <Providers>
      <NotesCard recordId={RECORD} notes={text} stamp={stamp} frozen={false} />
    </Providers>
  );

  it('keeps what is typed when the record is read again, and saves it against the newest stamp', async () => {
    requests.answer('/api/update-record-comments', () => row(RECORD));
    const view = render(notes('', STAMP));
    const box = await screen.findByRole('textbox', { name: 'Notes internes' }, { timeout: 10_000 });
    fireEvent.change(box, { target: { value: 'Rappeler la patiente' } });
    // A reception meanwhile: a new stamp, the notes untouched.
    view.rerender(notes('', LATER));
    expect((screen.getByRole('textbox', { name: 'Notes internes' }) as HTMLTextAreaElement).value).toBe(
      'Rappeler la patiente',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requests.sent).toHaveLength(1));
    expect(requests.sent[0]?.body).toEqual({
      record_id: RECORD,
      record_last_updated: LATER,
      record_internal_notes: 'Rappeler la patiente',
    });
  }, 20_000);

  it('sends the stamp it started from when a colleague changed the notes, so the server refuses rather than overwrites', async () => {
    requests.answer('/api/update-record-comments', () => row(RECORD));
    const view = render(notes('', STAMP));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Notes internes' }, { timeout: 10_000 }), {
      target: { value: 'Mes notes' },
    });
    view.rerender(notes('Notes du collègue', LATER));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requests.sent).toHaveLength(1));
    expect(requests.sent[0]?.body).toMatchObject({
      record_last_updated: STAMP,
      record_internal_notes: 'Mes notes',
    });
  }, 20_000);
});
