import { useEffect, useRef } from 'react';

/** The validation screen's keys: Alt with a letter, which typing never needs on the laboratory's keyboards. */
export type ShortcutAction = 'selectReady' | 'validate' | 'next' | 'previous' | 'invalidate';

const KEYS: Record<string, ShortcutAction> = {
  KeyA: 'selectReady',
  KeyV: 'validate',
  KeyN: 'next',
  KeyP: 'previous',
  KeyI: 'invalidate',
};

/** The letter shown in the help line for each action. */
export const SHORTCUT_LETTERS: Record<ShortcutAction, string> = {
  selectReady: 'A',
  validate: 'V',
  next: 'N',
  previous: 'P',
  invalidate: 'I',
};

type KeyLike = Pick<KeyboardEvent, 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'code'> & {
  target: EventTarget | null;
};

/** Where a key belongs to the text being typed (the interpretation, the invalidation reason). */
function typingIn(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.tagName === 'TEXTAREA') return true;
  return (
    element.tagName === 'INPUT' &&
    !['checkbox', 'radio', 'button'].includes((element as HTMLInputElement).type)
  );
}

/**
 * The action a key press asks for, or null. The physical key (`code`) is read, so Alt+V is the
 * same on AZERTY and QWERTY; nothing fires while the user types in a text field, where Alt may
 * compose a character.
 */
export function shortcutOf(event: KeyLike): ShortcutAction | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (typingIn(event.target)) return null;
  return KEYS[event.code] ?? null;
}

/** Listens on the page while mounted; `handlers` may change each render without re-subscribing. */
export function useValidationShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>): void {
  const current = useRef(handlers);
  current.current = handlers;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      const handler = action ? current.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
