import { Box, Progress } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getProgress, PROGRESS_DURATION_MS, subscribeProgress } from '../lib/progress';

/** Thin bar at the top of the page: fills in 3.5 s after each navigation, turns red on failure. */
export function PageProgress() {
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
  return (
    <Box
      data-page-progress={state.status}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
    >
      {/* A new bar on failure: full and red at once, not sliding from where the run was. */}
      <Progress
        key={failed ? 'failed' : 'running'}
        value={failed ? 100 : value}
        color={failed ? 'red' : 'indigo'}
        size={3}
        radius={0}
        transitionDuration={failed ? 0 : PROGRESS_DURATION_MS}
      />
    </Box>
  );
}
