import 'dayjs/locale/fr';
import 'dayjs/locale/en-gb';
import { MantineThemeProvider, NumberInput } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type FormEvent, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { decimalMark } from './numbers';

/**
 * A number pasted or filled in whole with a point ('0.5' from an instrument's file) on a French
 * screen: the input would drop the point and read 5. These inputs have no thousands separator,
 * so a lone point can only be the decimal mark. (A point typed as one key is already read so.)
 */
function pointAsComma(event: FormEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
  if (!input.value.includes('.') || input.value.includes(',')) return;
  const { selectionStart, selectionEnd } = input;
  input.value = input.value.replace('.', ',');
  input.setSelectionRange(selectionStart, selectionEnd);
}

/** The dayjs locales loaded above, by screen language: English months with days first, as en-GB. */
const dayjsLocale = (language: string) => (language.toLowerCase().startsWith('en') ? 'en-gb' : 'fr');

/**
 * Dates and numbers typed in the screen's language, whatever the browser's: the calendars' month
 * and weekday names (dayjs locale, weeks from Monday as in France and the United Kingdom) and the
 * decimal mark of every NumberInput ('3,5' in French; a '.' typed or pasted is read as the mark too).
 */
export function ScreenFormats({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const theme = useMemo(
    () => ({
      components: {
        NumberInput: NumberInput.extend({
          defaultProps:
            decimalMark(language) === ','
              ? { decimalSeparator: ',', onChangeCapture: pointAsComma }
              : { decimalSeparator: '.' },
        }),
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
