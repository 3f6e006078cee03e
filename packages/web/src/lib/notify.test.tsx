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

  it('titles an API error with the last path segment and the localized message', async () => {
    renderToasts();
    act(() => notifyApiError(new ApiError('incorrectCredentials', 401, '/auth/login')));
    expect(await screen.findByText('login')).toBeTruthy();
    expect(screen.getByText('Incorrect credentials')).toBeTruthy();
  });

  it('falls back to the generic message for a code without one', async () => {
    renderToasts();
    act(() => notifyApiError(new ApiError('somethingNew', 500, '/api/get-records')));
    expect(await screen.findByText('get-records')).toBeTruthy();
    expect(screen.getByText('Unexpected error! Try reloading the page.')).toBeTruthy();
  });
});
