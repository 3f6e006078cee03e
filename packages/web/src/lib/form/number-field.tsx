import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTypedNumber } from '../format/numbers';

export interface NumberFieldProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  value: number | '' | null | undefined;
  /** The number typed so far ('3,' gives 3), or '' when the input holds none. */
  onChange: (value: number | '') => void;
}

/**
 * The one input of a number in the app's forms. The text stays as typed while it is not a number
 * yet ('3,' on the way to '3,5'), where a Mantine NumberInput bound straight to a number would be
 * emptied under the user's fingers; the decimal mark is the screen language's
 * (lib/format/screen-formats.tsx).
 */
export function NumberField({ value, onChange, ...rest }: NumberFieldProps) {
  const { i18n } = useTranslation();
  const [text, setText] = useState<number | string>(value ?? '');
  // The value this field last sent: any other comes from outside (a reset, a loaded row).
  const sent = useRef<number | '' | null | undefined>(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value ?? '');
    }
  }, [value]);
  return (
    <NumberInput
      {...rest}
      value={text}
      onChange={(next) => {
        setText(next);
        const number = typeof next === 'number' ? next : (parseTypedNumber(next, i18n.language) ?? '');
        sent.current = number;
        onChange(number);
      }}
    />
  );
}
