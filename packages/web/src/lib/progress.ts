/**
 * The page-load progress bar (spec.md §9: completes after 3.5 s; §8: marked failed on an error).
 * A tiny store: navigation starts it, a failed call marks it failed.
 */
export type ProgressState =
  | { status: 'idle' }
  | { status: 'running' | 'failed'; startedAt: number; id: number };

export const PROGRESS_DURATION_MS = 3500;

let state: ProgressState = { status: 'idle' };
let counter = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: ProgressState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getProgress(): ProgressState {
  return state;
}

export function startProgress(): void {
  counter += 1;
  const id = counter;
  set({ status: 'running', startedAt: Date.now(), id });
  clearTimeout(timer);
  // Leave the full bar visible a moment after it completes, then hide it.
  timer = setTimeout(() => set({ status: 'idle' }), PROGRESS_DURATION_MS + 400);
}

export function failProgress(): void {
  set({ status: 'failed', startedAt: state.status === 'idle' ? Date.now() : state.startedAt, id: counter });
  clearTimeout(timer);
  timer = setTimeout(() => set({ status: 'idle' }), PROGRESS_DURATION_MS);
}
