import { describe, expect, it } from 'vitest';
import { shortcutOf } from './shortcuts';

const key = (code: string, target: unknown = null, mods: Partial<KeyboardEvent> = {}) => ({
  altKey: true,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  code,
  target: target as EventTarget | null,
  ...mods,
});

describe('validation shortcuts', () => {
  it('reads Alt with the physical key, whatever the keyboard layout', () => {
    expect(shortcutOf(key('KeyV'))).toBe('validate');
    expect(shortcutOf(key('KeyN'))).toBe('next');
    expect(shortcutOf(key('KeyP'))).toBe('previous');
    expect(shortcutOf(key('KeyI'))).toBe('invalidate');
    expect(shortcutOf(key('KeyA'))).toBe('selectReady');
    expect(shortcutOf(key('KeyZ'))).toBeNull();
  });

  it('leaves plain letters, other modifiers and typing in a text field alone', () => {
    expect(shortcutOf(key('KeyV', null, { altKey: false }))).toBeNull();
    expect(shortcutOf(key('KeyV', null, { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key('KeyV', { tagName: 'TEXTAREA' }))).toBeNull();
    expect(shortcutOf(key('KeyV', { tagName: 'INPUT', type: 'text' }))).toBeNull();
    // A sample's box keeps the focus after a click: the keys still work from there.
    expect(shortcutOf(key('KeyV', { tagName: 'INPUT', type: 'checkbox' }))).toBe('validate');
  });
});
