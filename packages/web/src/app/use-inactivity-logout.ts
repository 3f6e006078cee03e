import { useEffect, useRef } from 'react';

/** spec.md §9: logged out after 3,600,000 ms without a key press, mouse press or touch move. */
export const INACTIVITY_LIMIT_MS = 3_600_000;
const ACTIVITY_EVENTS = ['keydown', 'mousedown', 'touchmove'] as const;

export function useInactivityLogout(onInactive: () => void, limitMs: number = INACTIVITY_LIMIT_MS): void {
  const callback = useRef(onInactive);
  callback.current = onInactive;

  useEffect(() => {
    let timer = setTimeout(() => callback.current(), limitMs);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), limitMs);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, reset, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, reset);
    };
  }, [limitMs]);
}
