// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealFirstError } from './reveal-error';

afterEach(() => {
  document.body.innerHTML = '';
});

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));

describe('revealFirstError', () => {
  it('scrolls to and focuses the first field in error, not a valid one before it', async () => {
    document.body.innerHTML = `<form>
      <input id="ok" />
      <input id="first" aria-invalid="true" />
      <input id="second" aria-invalid="true" />
    </form>`;
    const scrolled: string[] = [];
    HTMLElement.prototype.scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    revealFirstError(document.querySelector('form'));
    await nextFrame();
    expect(scrolled).toEqual(['first']);
    expect(document.activeElement?.id).toBe('first');
  });

  it('leaves the focus where it is when no field is in error', async () => {
    document.body.innerHTML = '<form><input id="ok" /></form>';
    HTMLElement.prototype.scrollIntoView = vi.fn();
    revealFirstError(document.querySelector('form'));
    await nextFrame();
    expect(HTMLElement.prototype.scrollIntoView).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
  });
});
