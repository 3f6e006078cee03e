import { Group, Input, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneValue } from './field-spec';

/** Country code and national number side by side; joined with joinPhone when sent. */
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
  const { t } = useTranslation('tables');
  // The label points at the number, the part a user types first; clicking it focuses that input.
  const numberId = useId();
  return (
    <Input.Wrapper label={label} error={error} labelProps={{ htmlFor: numberId }}>
      <Group gap={6} wrap="nowrap">
        <TextInput
          w={84}
          leftSection="+"
          aria-label={`${label} · ${t('phone.country_code')}`}
          value={value.countryCode}
          onChange={(event) => onChange({ ...value, countryCode: event.currentTarget.value })}
          error={Boolean(error)}
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
