import { Checkbox, Select, Switch, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../lib/form/date-field';
import { DateTimeField } from '../../../lib/form/date-time-field';
import { foldedFilter } from '../../../lib/form/folded-filter';
import { isRequiredField, issueTextKey } from './validate';
import { useWizard } from './wizard-context';
import type { FlagField, TextField } from './wizard-values';

/** A text input of the wizard bound to one contract field; its label is the field's name in `records`. */
export function WText({
  field,
  type = 'text',
  description,
  rightSection,
}: {
  field: TextField;
  type?: 'text' | 'date' | 'datetime-local' | 'email' | 'tel' | 'number';
  description?: ReactNode;
  rightSection?: ReactNode;
}) {
  const { t } = useTranslation('records');
  const { form, issues } = useWizard();
  const required = isRequiredField(field);
  if (type === 'datetime-local') {
    return (
      <Controller
        control={form.control}
        name={field}
        render={({ field: input }) => (
          <DateTimeField
            label={t(`fields.${field}`)}
            description={description}
            required={required}
            error={issues[field] ? t(issueTextKey(issues[field])) : undefined}
            data-field={field}
            value={input.value}
            onChange={input.onChange}
            onBlur={input.onBlur}
          />
        )}
      />
    );
  }
  if (type === 'date') {
    return (
      <Controller
        control={form.control}
        name={field}
        render={({ field: input }) => (
          <DateField
            label={t(`fields.${field}`)}
            description={description}
            required={required}
            error={issues[field] ? t(issueTextKey(issues[field])) : undefined}
            data-field={field}
            value={input.value}
            onChange={input.onChange}
            onBlur={input.onBlur}
          />
        )}
      />
    );
  }
  return (
    <TextInput
      label={t(`fields.${field}`)}
      type={type}
      description={description}
      withAsterisk={required}
      error={issues[field] ? t(issueTextKey(issues[field])) : undefined}
      rightSection={rightSection}
      data-field={field}
      {...form.register(field)}
    />
  );
}

export function WArea({ field, rows = 3 }: { field: TextField; rows?: number }) {
  const { t } = useTranslation('records');
  const { form, issues } = useWizard();
  return (
    <Textarea
      label={t(`fields.${field}`)}
      autosize
      minRows={rows}
      error={issues[field] ? t(issueTextKey(issues[field])) : undefined}
      data-field={field}
      {...form.register(field)}
    />
  );
}

export function WSelect({
  field,
  data,
  searchable,
}: {
  field: TextField;
  data: Array<{ value: string; label: string }>;
  searchable?: boolean;
}) {
  const { t } = useTranslation('records');
  const { form, issues } = useWizard();
  const required = isRequiredField(field);
  return (
    <Controller
      control={form.control}
      name={field}
      render={({ field: input }) => (
        <Select
          label={t(`fields.${field}`)}
          data={data}
          value={input.value || null}
          onChange={(next) => input.onChange(next ?? '')}
          onBlur={input.onBlur}
          withAsterisk={required}
          clearable={!required}
          searchable={searchable}
          filter={foldedFilter}
          error={issues[field] ? t(issueTextKey(issues[field])) : undefined}
          data-field={field}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

export function WSwitch({ field, as = 'switch' }: { field: FlagField; as?: 'switch' | 'checkbox' }) {
  const { t } = useTranslation('records');
  const { form } = useWizard();
  return (
    <Controller
      control={form.control}
      name={field}
      render={({ field: input }) =>
        as === 'checkbox' ? (
          <Checkbox
            label={t(`fields.${field}`)}
            checked={input.value}
            onChange={(event) => input.onChange(event.currentTarget.checked)}
            data-field={field}
          />
        ) : (
          <Switch
            label={t(`fields.${field}`)}
            checked={input.value}
            onChange={(event) => input.onChange(event.currentTarget.checked)}
            data-field={field}
          />
        )
      }
    />
  );
}
