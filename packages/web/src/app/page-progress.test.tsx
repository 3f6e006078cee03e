// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failProgress, PROGRESS_DURATION_MS, startProgress } from '../lib/progress';
import { stubBrowserApis } from '../testing/dom';
import { stubRequests } from '../testing/requests';
import { PageProgress } from './page-progress';

stubRequests();
beforeEach(() => stubBrowserApis());
afterEach(cleanup);

function bar(): HTMLElement {
  return screen.getByRole('progressbar');
}

describe('the page-load progress bar', () => {
  it('grows by scaling, not by width, over the 3.5 s after a navigation', async () => {
    render(
      <MantineProvider>
        <PageProgress />
      </MantineProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => startProgress());
    expect(bar().style.transform).toBe('scaleX(0)');
    // The next frame asks for the full bar, which the transition reaches in 3.5 s.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(bar().style.transform).toBe('scaleX(1)');
    expect(bar().style.getPropertyValue('--page-progress-duration')).toBe(`${PROGRESS_DURATION_MS}ms`);
    expect(bar().style.width).toBe('');
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
  });

  it('turns full and red at once on a failed call', () => {
    render(
      <MantineProvider>
        <PageProgress />
      </MantineProvider>,
    );
    act(() => startProgress());
    act(() => failProgress());
    expect(bar().closest('[data-page-progress]')?.getAttribute('data-page-progress')).toBe('failed');
    expect(bar().style.transform).toBe('scaleX(1)');
    expect(bar().style.getPropertyValue('--page-progress-duration')).toBe('0ms');
    expect(bar().style.backgroundColor).toContain('red');
  });
});
