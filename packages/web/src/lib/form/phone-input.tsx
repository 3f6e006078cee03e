import { Group, Input, Select, TextInput } from '@mantine/core';
import { callingCodeChoices, isCallingCode } from '@sil/contract/countries';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneValue } from './field-spec';
import { foldedFilter, optionText } from './folded-filter';

/**
 * Country code and national number side by side; joined with joinPhone when sent. The code is
 * picked from the ISO list, found by number ('262') or by country name ('reunion').
 */
export function PhoneInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: PhoneValue;
  onChange: (next: PhoneValue) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation('tables');
  // The label points at the number, the part a user types first; clicking it focuses that input.
  const numberId = useId();
  const choices = useMemo(() => callingCodeChoices(i18n.language), [i18n.language]);
  const countryMissing = value.number.trim() !== '' && !isCallingCode(value.countryCode);
  return (
    <Input.Wrapper
      label={label}
      error={countryMissing ? t('issues.country') : error}
      labelProps={{ htmlFor: numberId }}
    >
      <Group gap={6} wrap="nowrap">
        <Select
          w={124}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('phone.clear_code') }}
          aria-label={`${label} · ${t('phone.country_code')}`}
          data={choices}
          value={value.countryCode || null}
          onChange={(code) => onChange({ ...value, countryCode: code ?? '' })}
          // The closed select shows the code alone; the list names the countries.
          renderOption={({ option }) => optionText(option)}
          filter={foldedFilter}
          comboboxProps={{ width: 280, position: 'bottom-start', withinPortal: true }}
          error={countryMissing || Boolean(error)}
          data-field-part="country-code"
        />
        <TextInput
          id={numberId}
          style={{ flex: 1 }}
          aria-label={`${label} · ${t('phone.number')}`}
          placeholder="06 12 34 56 78"
          value={value.number}
          onChange={(event) => onChange({ ...value, number: event.currentTarget.value })}
          error={Boolean(error)}
        />
      </Group>
    </Input.Wrapper>
  );
}
