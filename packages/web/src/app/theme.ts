import {
  Badge,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  type MantineThemeOverride,
} from '@mantine/core';
import classes from './theme.module.css';

const FONT = 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Light and dark share one theme; colour-blind mode swaps the green and red palettes for blue and
 * orange, so every success/error colour in the app changes at once (status badges add icons).
 * Filled colours use shade 8 and pick black or white text by luminance: 0.179 is the luminance at
 * which both give the same contrast, so the chosen one always reaches 4.5:1.
 */
export function buildTheme(colorBlind: boolean, closeLabel: string): MantineThemeOverride {
  return createTheme({
    primaryColor: 'indigo',
    // Menus, dialogs and toasts appear without their transitions for users who ask for less motion.
    respectReducedMotion: true,
    primaryShade: { light: 8, dark: 8 },
    autoContrast: true,
    luminanceThreshold: 0.179,
    defaultRadius: 'md',
    fontFamily: FONT,
    headings: { fontFamily: FONT, fontWeight: '650' },
    colors: colorBlind ? { green: DEFAULT_THEME.colors.blue, red: DEFAULT_THEME.colors.orange } : {},
    other: { colorBlind },
    components: {
      // A badge is as wide as its word: squeezed by a narrow column it would show 'N…' for 'Non'.
      Badge: Badge.extend({ styles: { root: { flexShrink: 0, minWidth: 'max-content' } } }),
      // A plain override, not Menu.extend: importing Menu here would put it in every page's first load.
      Menu: { classNames: { item: classes.menuItem } },
      // A dialog's close button (an icon) is named in the screen's language for screen readers.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
    },
  });
}

/**
 * Text colours that reach WCAG AA (4.5:1) in both schemes. Mantine's defaults give dimmed labels,
 * placeholders and disabled controls 1.8–3.5:1, and coloured text (`c="red"`, light badges and
 * buttons) as little as 2.9:1 on light backgrounds; the e2e journey `looks` measures the result.
 */
export const resolveCssVariables: CSSVariablesResolver = (theme) => {
  const coloured = Object.keys(theme.colors).filter((name) => name !== 'dark' && name !== 'gray');
  const lightText = Object.fromEntries(
    coloured.flatMap((name) => {
      const text = darken(theme.colors[name]?.[9] ?? '#000', 0.3);
      return [
        [`--mantine-color-${name}-light-color`, text],
        [`--mantine-color-${name}-text`, text],
      ];
    }),
  );
  const darkText = Object.fromEntries(
    coloured.map((name) => [`--mantine-color-${name}-text`, theme.colors[name]?.[3] ?? '#fff']),
  );
  return {
    variables: {},
    light: {
      ...lightText,
      '--mantine-color-dimmed': '#5c636a',
      '--mantine-color-placeholder': '#5c636a',
      '--mantine-color-disabled-color': '#5c636a',
      '--mantine-color-anchor': theme.colors[theme.primaryColor]?.[8] ?? '#000',
      // Error messages and the required asterisk.
      '--mantine-color-error': darken(theme.colors.red?.[9] ?? '#000', 0.3),
    },
    dark: {
      ...darkText,
      '--mantine-color-dimmed': '#a3a3a3',
      '--mantine-color-placeholder': '#a3a3a3',
      // Mantine fills disabled controls with dark-6, the colour of cards and modals: a disabled button
      // there was bare text. One shade lighter, as gray-2 is on white, with its text at 5:1.
      '--mantine-color-disabled': theme.colors.dark?.[5] ?? '#3b3b3b',
      '--mantine-color-disabled-color': '#adadad',
      '--mantine-color-anchor': theme.colors[theme.primaryColor]?.[3] ?? '#fff',
      '--mantine-color-error': theme.colors.red?.[4] ?? '#fff',
    },
  };
};
