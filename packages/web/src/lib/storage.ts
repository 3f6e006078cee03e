/**
 * Thin wrapper over localStorage with change notification, so React components can subscribe
 * (useSyncExternalStore) to the auth session and preferences kept there (spec.md §3 'Auth session').
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function subscribeStorage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

// Another tab logging out or switching theme must show here too.
if (typeof window !== 'undefined') window.addEventListener('storage', notify);

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItems(items: Record<string, string | null>): void {
  for (const [key, value] of Object.entries(items)) {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  }
  notify();
}
