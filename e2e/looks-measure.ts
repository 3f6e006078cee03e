import type { Page } from 'playwright-core';

/** What the looks journey measures in the page: colours of the status badges, boxes that overflow. */

export interface BadgeLook {
  kind: string;
  status: string;
  text: string;
  color: string;
  background: string;
  contrast: number;
  icon: boolean;
  /** The word is cut (ellipsis) or spills out of the badge. */
  clipped: boolean;
}

/**
 * Every status badge on screen with its text colour, the background it is actually drawn on
 * (translucent layers composed over the page's colour up the tree) and their WCAG contrast ratio.
 */
export function statusBadges(page: Page): Promise<BadgeLook[]> {
  return page.locator('[data-status-kind]').evaluateAll((badges) => {
    type Rgba = [number, number, number, number];
    const parse = (text: string): Rgba => {
      const parts = text.match(/[\d.]+/g)?.map(Number) ?? [];
      if (!/^rgba?\(/.test(text) || parts.length < 3) throw new Error(`Unreadable colour ${text}`);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const alpha = top[3] + below[3] * (1 - top[3]);
      const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / (alpha || 1);
      return [mix(0), mix(1), mix(2), alpha];
    };
    const backgroundOf = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const layer = parse(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const hex = (c: Rgba) =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`;
    return badges
      .filter((badge) => (badge as HTMLElement).offsetParent !== null)
      .map((badge) => {
        const label = badge.querySelector('.mantine-Badge-label') ?? badge;
        const background = backgroundOf(badge);
        const color = over(parse(getComputedStyle(label).color), background);
        const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
        return {
          kind: badge.getAttribute('data-status-kind') ?? '',
          status: badge.getAttribute('data-status') ?? '',
          text: (badge.textContent ?? '').trim(),
          color: hex(color),
          background: hex(background),
          contrast: ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05),
          icon: badge.querySelector('[data-status-icon]') !== null,
          clipped:
            label.scrollWidth > label.clientWidth + 1 ||
            badge.getBoundingClientRect().width + 1 < label.getBoundingClientRect().width,
        };
      });
  });
}

/**
 * Elements whose content is wider than their box (cut text, a button past its card), leaving out
 * what is meant to scroll sideways (a table's scroll container and what it holds) and the page
 * itself, which is checked apart: the page must never scroll sideways.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scrolls = (element: Element) => {
      const { overflowX } = getComputedStyle(element);
      return overflowX === 'auto' || overflowX === 'scroll';
    };
    const insideScroller = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement)
        if (scrolls(node)) return true;
      return false;
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''} '${(element.textContent ?? '').trim().slice(0, 40)}'`;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1)
      found.push(`page ${document.documentElement.scrollWidth}px wide in ${window.innerWidth}px`);
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element as HTMLElement;
      if (box.offsetParent === null || box.clientWidth === 0) continue;
      if (scrolls(element) || insideScroller(element)) continue;
      // The side bar's 65 px rail clips its labels on purpose; hovered, it widens to show them.
      if (element.closest('[data-side-rail]')) continue;
      // Hidden inputs Mantine keeps for forms, and SVG internals, have no box of their own.
      if (element instanceof SVGElement || (element instanceof HTMLInputElement && element.type === 'hidden'))
        continue;
      if (box.scrollWidth > box.clientWidth + 1) found.push(name(element));
      const rect = box.getBoundingClientRect();
      if (rect.right > window.innerWidth + 1 && getComputedStyle(box).position !== 'fixed')
        found.push(`${name(element)} ends at ${Math.round(rect.right)}px`);
    }
    return found;
  });
}

/**
 * Texts on screen below 4.5:1 against what they are drawn on: each element's own text, its colour
 * faded by the opacity of its ancestors (a disabled control), over the composed background.
 */
export function lowContrastTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (text: string): Rgba => {
      const parts = text.match(/[\d.]+/g)?.map(Number) ?? [];
      if (!/^rgba?\(/.test(text) || parts.length < 3) throw new Error(`Unreadable colour ${text}`);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const alpha = top[3] + below[3] * (1 - top[3]);
      const mix = (i: 0 | 1 | 2) => (top[i] * top[3] + below[i] * below[3] * (1 - top[3])) / (alpha || 1);
      return [mix(0), mix(1), mix(2), alpha];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const own = Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      const box = element as HTMLElement;
      if (!own || box.offsetParent === null || getComputedStyle(box).visibility === 'hidden') continue;
      const layers: Rgba[] = [];
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        opacity *= Number(style.opacity);
        const layer = parse(style.backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      const background = layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
      const [r, g, b, a] = parse(getComputedStyle(box).color);
      const color = over([r, g, b, a * opacity], background);
      const [light, dark] = [luminance(color), luminance(background)].sort((x, y) => y - x);
      const ratio = ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      if (ratio < 4.5) found.push(`'${own.slice(0, 30)}' ${ratio.toFixed(2)}:1`);
    }
    return found;
  });
}
