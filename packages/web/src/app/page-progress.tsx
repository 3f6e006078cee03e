import { Box } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getProgress, PROGRESS_DURATION_MS, subscribeProgress } from '../lib/progress';
import classes from './page-progress.module.css';

/**
 * Thin bar at the top of the page: fills in 3.5 s after each navigation, turns red on failure.
 * It grows by `scaleX`, which the browser's compositor animates alone: a growing width is laid out
 * and painted again at every frame of the 3.5 s (about a third of a browser's work on a page just
 * opened, measured in Chromium). Without motion when the user's system asks for less of it.
 */
export function PageProgress() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(subscribeProgress, getProgress, getProgress);
  const [value, setValue] = useState(0);
  const runId = state.status === 'idle' ? 0 : state.id;

  useEffect(() => {
    if (runId === 0) return;
    setValue(0);
    // Start from 0 on the next frame so the CSS transition runs the full 3.5 s.
    const frame = requestAnimationFrame(() => setValue(100));
    return () => cancelAnimationFrame(frame);
  }, [runId]);

  if (state.status === 'idle') return null;
  const failed = state.status === 'failed';
  const shown = failed ? 100 : value;
  return (
    <Box
      data-page-progress={state.status}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: 1000, overflow: 'hidden' }}
    >
      {/* A new bar on failure: full and red at once, not sliding from where the run was. */}
      <Box
        key={failed ? 'failed' : 'running'}
        className={classes.bar}
        role="progressbar"
        aria-label={t('app.page_loading')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        style={{
          height: '100%',
          backgroundColor: `var(--mantine-color-${failed ? 'red' : 'indigo'}-filled)`,
          transformOrigin: 'left',
          transform: `scaleX(${shown / 100})`,
          '--page-progress-duration': `${failed ? 0 : PROGRESS_DURATION_MS}ms`,
        }}
      />
    </Box>
  );
}
