import { Select, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { PRESCRIBER_SPECIALTIES } from '@sil/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Payload } from '../table/payload';
import { DateField } from './date-field';
import type { FieldSpec, FormValue, FormValues, PhoneValue, RemarkValue } from './field-spec';
import { foldedFilter } from './folded-filter';
import { DEFAULT_COUNTRY_CODE } from './form-values';
import { issueText } from './issue-text';
import { NumberField } from './number-field';
import { PhoneInput } from './phone-input';
import { ReferenceMultiSelect, ReferenceSelect, SearchedReferenceMultiSelect } from './reference-select';
import { RemarksInput } from './remarks-input';

const SPECIALTY_CHOICES = PRESCRIBER_SPECIALTIES.map((specialty) => ({
  value: String(specialty.code),
  label: `${specialty.code} · ${specialty.label}`,
}));

const text = (value: FormValue): string => (typeof value === 'string' ? value : '');
const numeric = (value: FormValue): number | '' => (typeof value === 'number' ? value : '');
const strings = (value: FormValue): string[] =>
  Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
const phone = (value: FormValue): PhoneValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? value
    : { countryCode: DEFAULT_COUNTRY_CODE, number: '' };
const remarks = (value: FormValue): RemarkValue[] =>
  Array.isArray(value) ? value.filter((item) => typeof item === 'object') : [];
const compact = (value: string) => value.replace(/[\s.-]/g, '');

/** One input of an entity form, chosen by the field's kind. */
export function FieldInput({
  field,
  control,
  errors,
}: {
  field: FieldSpec;
  control: Control<FormValues, unknown, Payload>;
  errors: FieldErrors<FormValues>;
}) {
  const { t } = useTranslation('tables');
  const label = t(`fields.${field.name}`);
  return (
    <Controller
      control={control}
      name={field.name}
      render={({ field: input, fieldState }) => {
        const error = issueText(t, fieldState.error?.message);
        const description = field.hint ? t(`hints.${field.name}`) : undefined;
        const common = { label, error, description, 'data-field': field.name };
        switch (field.kind) {
          case 'text':
            return field.multiline ? (
              <Textarea
                {...common}
                autosize
                minRows={2}
                value={text(input.value)}
                onChange={input.onChange}
              />
            ) : (
              <TextInput {...common} value={text(input.value)} onChange={input.onChange} />
            );
          case 'identifier': {
            const typed = compact(text(input.value));
            const valid = typed !== '' && field.check(typed);
            return (
              <TextInput
                {...common}
                value={text(input.value)}
                onChange={input.onChange}
                // Checked as typed: a wrong check digit shows before the form is sent.
                error={typed !== '' && !valid ? t(`issues.${field.issue}`) : error}
                rightSection={
                  valid ? <IconCircleCheck size={18} color="var(--mantine-color-green-6)" /> : null
                }
              />
            );
          }
          case 'int':
            return (
              <NumberField
                {...common}
                allowDecimal={false}
                min={0}
                value={numeric(input.value)}
                onChange={input.onChange}
              />
            );
          case 'number':
            return (
              <NumberField
                {...common}
                decimalScale={field.decimals}
                value={numeric(input.value)}
                onChange={input.onChange}
              />
            );
          case 'money':
            return (
              <NumberField
                {...common}
                suffix=" €"
                decimalScale={2}
                min={0}
                value={numeric(input.value)}
                onChange={input.onChange}
              />
            );
          case 'boolean':
            return (
              <Switch
                label={label}
                description={description}
                mt="lg"
                checked={input.value === true}
                onChange={(event) => input.onChange(event.currentTarget.checked)}
                error={error}
                data-field={field.name}
              />
            );
          case 'date':
            return (
              <DateField
                {...common}
                value={text(input.value)}
                onChange={input.onChange}
                onBlur={input.onBlur}
              />
            );
          case 'options':
            return (
              <Select
                {...common}
                clearable
                data={field.options.map((option) => ({
                  value: option,
                  label: field.translate ? t(`values.${option}`) : option,
                }))}
                value={typeof input.value === 'string' ? input.value : null}
                onChange={input.onChange}
              />
            );
          case 'specialty':
            return (
              <Select
                {...common}
                searchable
                filter={foldedFilter}
                clearable
                data={SPECIALTY_CHOICES}
                value={typeof input.value === 'string' ? input.value : null}
                onChange={input.onChange}
              />
            );
          case 'reference':
            return (
              <ReferenceSelect
                name={field.name}
                table={field.table}
                label={label}
                error={error}
                value={typeof input.value === 'string' ? input.value : null}
                onChange={input.onChange}
              />
            );
          case 'references': {
            const warning =
              field.emptyWarning && strings(input.value).length === 0 ? (
                <Text size="xs" c="orange.8" mt={4} data-testid={`empty-warning-${field.name}`}>
                  {t(`warnings.${field.name}`)}
                </Text>
              ) : null;
            const select = field.searched ? (
              <SearchedReferenceMultiSelect
                name={field.name}
                table={field.table}
                label={label}
                error={error}
                value={strings(input.value)}
                onChange={input.onChange}
              />
            ) : (
              <ReferenceMultiSelect
                name={field.name}
                table={field.table}
                label={label}
                error={error}
                value={strings(input.value)}
                onChange={input.onChange}
              />
            );
            return (
              <div>
                {select}
                {warning}
              </div>
            );
          }
          case 'codes':
            return (
              <TagsInput
                {...common}
                description={t('form.codes_hint')}
                value={strings(input.value)}
                onChange={(codes) => input.onChange(codes.map((code) => code.trim().toUpperCase()))}
              />
            );
          case 'phone':
            return (
              <PhoneInput label={label} error={error} value={phone(input.value)} onChange={input.onChange} />
            );
          case 'choices':
            return (
              <ChoicesSelect
                useChoices={field.useChoices}
                common={common}
                value={typeof input.value === 'string' ? input.value : null}
                onChange={input.onChange}
              />
            );
          case 'remarks':
            return (
              <RemarksInput
                label={label}
                value={remarks(input.value)}
                onChange={input.onChange}
                errors={errors[field.name]}
              />
            );
        }
      }}
    />
  );
}

/** A select whose choices a feature's hook loads; a chosen one not listed still shows, by its id. */
function ChoicesSelect({
  useChoices,
  common,
  value,
  onChange,
}: {
  useChoices: Extract<FieldSpec, { kind: 'choices' }>['useChoices'];
  common: { label: string; error: string | undefined; description: string | undefined; 'data-field': string };
  value: string | null;
  onChange: (next: string | null) => void;
}) {
  const { t } = useTranslation('tables');
  const { allowed, choices } = useChoices();
  const data =
    value && !choices.some((choice) => choice.value === value)
      ? [...choices, { value, label: value }]
      : choices;
  return (
    <Select
      {...common}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      filter={foldedFilter}
      clearable
      disabled={!allowed}
      description={allowed ? common.description : t('form.no_read_right')}
      nothingFoundMessage={t('form.nothing_found')}
    />
  );
}
