import { createTheme, DEFAULT_THEME, type MantineThemeOverride } from '@mantine/core';

/**
 * Light and dark share one theme; colour-blind mode swaps the green and red palettes for blue and
 * orange, so every success/error colour in the app changes at once (icons carry the meaning too).
 */
export function buildTheme(colorBlind: boolean): MantineThemeOverride {
  return createTheme({
    primaryColor: 'indigo',
    defaultRadius: 'md',
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: {
      fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontWeight: '650',
    },
    colors: colorBlind ? { green: DEFAULT_THEME.colors.blue, red: DEFAULT_THEME.colors.orange } : {},
    other: { colorBlind },
  });
}
