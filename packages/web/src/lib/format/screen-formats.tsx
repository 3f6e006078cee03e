import 'dayjs/locale/fr';
import 'dayjs/locale/en-gb';
import { MantineThemeProvider, NumberInput } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalMark } from './numbers';

/**
 * Dates and numbers typed in the screen's language, whatever the browser's: the calendars' month
 * and weekday names (dayjs locale, weeks from Monday as in France and the United Kingdom) and the
 * decimal mark of every NumberInput ('3,5' in French; '.' typed is read as the mark too).
 */
/** The dayjs locales loaded above, by screen language: English months with days first, as en-GB. */
const dayjsLocale = (language: string) => (language.toLowerCase().startsWith('en') ? 'en-gb' : 'fr');

export function ScreenFormats({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const theme = useMemo(
    () => ({
      components: {
        NumberInput: NumberInput.extend({ defaultProps: { decimalSeparator: decimalMark(language) } }),
      },
    }),
    [language],
  );
  return (
    <DatesProvider settings={{ locale: dayjsLocale(language), firstDayOfWeek: 1 }}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </DatesProvider>
  );
}
