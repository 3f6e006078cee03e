import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme, resolveCssVariables } from './theme';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('dark scheme disabled controls', () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(false, 'Fermer'));
  const dark = resolveCssVariables(theme).dark;
  const background = dark['--mantine-color-disabled'] ?? '';
  const text = dark['--mantine-color-disabled-color'] ?? '';

  it('stand apart from the cards and modals they sit on (dark-6, dark-7)', () => {
    expect(background).toMatch(/^#[0-9a-f]{6}$/i);
    expect(background).not.toBe(theme.colors.dark[6]);
    expect(background).not.toBe(theme.colors.dark[7]);
  });

  it('keep their text at 4.5:1 on their own fill and on the page', () => {
    for (const under of [background, theme.colors.dark[6], theme.colors.dark[7]])
      expect(contrast(text, under)).toBeGreaterThanOrEqual(4.5);
  });
});
