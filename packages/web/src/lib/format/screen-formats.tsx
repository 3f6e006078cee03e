import { type MantineThemeOverride, MantineThemeProvider } from '@mantine/core';
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

/**
 * Numbers typed in the screen's language, whatever the browser's: the decimal mark of every
 * NumberInput ('3,5' in French; a '.' typed or pasted is read as the mark too). The defaults are
 * given by the component's name, without importing NumberInput, so the app's shell does not carry
 * the number-formatting library to screens that have no number input. (The calendar's language is
 * the date field's own: lib/form/date-field.tsx.)
 */
export function ScreenFormats({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const theme = useMemo<MantineThemeOverride>(
    () => ({
      components: {
        NumberInput: {
          defaultProps:
            decimalMark(language) === ','
              ? { decimalSeparator: ',', onChangeCapture: pointAsComma }
              : { decimalSeparator: '.' },
        },
      },
    }),
    [language],
  );
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
