// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '../testing/dom';
import { stubRequests } from '../testing/requests';
import { ApiError } from './api-client';
import { i18n, loadLanguage } from './i18n';
import { notifyApiError, showToast, TOAST_DURATION_MS, TOAST_LIMIT } from './notify';

stubRequests();
// English is fetched on demand in the app; the tests switch to it at once.
beforeAll(() => loadLanguage('en'));

beforeAll(() => {
  stubBrowserApis();
  void i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.useRealTimers();
});

function renderToasts() {
  return render(
    <MantineProvider>
      <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} limit={TOAST_LIMIT} />
    </MantineProvider>,
  );
}

const titles = () => screen.queryAllByText(/^toast \d$/).map((element) => element.textContent);

describe('toasts', () => {
  it('shows at most 3, newest on top, each for 3 seconds', async () => {
    vi.useFakeTimers();
    renderToasts();
    for (const n of [1, 2, 3, 4]) act(() => showToast('info', `toast ${n}`));
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(titles()).toEqual(['toast 4', 'toast 3', 'toast 2']);
    await act(async () => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS + 500));
    expect(titles()).toEqual([]);
  });

  it('titles an API error with a word, never the name of the failed call, over its localized message', async () => {
    renderToasts();
    act(() => notifyApiError(new ApiError('incorrectCredentials', 401, '/auth/login')));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Incorrect credentials')).toBeTruthy();
    expect(screen.queryByText('login')).toBeNull();
  });

  it('says a refused address (403) is one the user may not open, with the reason the server gave', async () => {
    renderToasts();
    act(() => notifyApiError(new ApiError('insufficientRights', 403, '/api/get-record')));
    expect(await screen.findByText('Access denied')).toBeTruthy();
    expect(screen.getByText('Insufficient rights')).toBeTruthy();
    expect(screen.queryByText('get-record')).toBeNull();
  });

  it('falls back to the generic message for a code without one', async () => {
    renderToasts();
    act(() => notifyApiError(new ApiError('somethingNew', 400, '/api/get-records')));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('Unexpected error! Try reloading the page.')).toBeTruthy();
    expect(screen.queryByText('get-records')).toBeNull();
  });

  it("titles an internal error (500) with spec.md §8's words, its message beneath", async () => {
    renderToasts();
    act(() => notifyApiError(new ApiError('unexpectedError', 500, '/api/get-records')));
    expect(await screen.findByText('What are you doing??')).toBeTruthy();
    expect(screen.getByText('Unexpected error! Try reloading the page.')).toBeTruthy();
    expect(screen.queryByText('Error')).toBeNull();
  });

  it("titles an e-mail or a mobile already in use 'Phone/email unavailable', saying which", async () => {
    renderToasts();
    act(() => notifyApiError(new ApiError('emailAlreadyInUse', 409, '/api/request-email-change')));
    act(() => notifyApiError(new ApiError('phoneAlreadyInUse', 409, '/api/request-phone-change')));
    expect(await screen.findAllByText('Phone/email unavailable')).toHaveLength(2);
    expect(screen.getByText('Email is already in use')).toBeTruthy();
    expect(screen.getByText('Phone is already in use')).toBeTruthy();
  });

  it('reads them in French as faithfully', async () => {
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    try {
      renderToasts();
      act(() => notifyApiError(new ApiError('unexpectedError', 500, '/api/get-records')));
      act(() => notifyApiError(new ApiError('phoneAlreadyInUse', 409, '/api/request-phone-change')));
      expect(await screen.findByText('Mais que faites-vous ??')).toBeTruthy();
      expect(screen.getByText('Téléphone ou e-mail indisponible')).toBeTruthy();
      expect(screen.getByText('Ce numéro est déjà utilisé')).toBeTruthy();
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });
});
