import { Button, Group, SimpleGrid } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Payload } from '../table/payload';
import type { FieldOf, ReferenceTableConfig } from '../table/table-config';
import { FieldInput } from './field-input';
import type { FieldSpec, FormValues } from './field-spec';
import { formResolver } from './form-resolver';
import { formValuesOf, isShown, payloadOf } from './form-values';
import { revealFirstError } from './reveal-error';
import { StaleAlert } from './stale-alert';
import { useSubmitRow } from './use-submit-row';

/** The form of one row (or of a new one) of a reference table, built from its field list. */
export function EntityForm<R>({
  config,
  fields,
  row,
  onSaved,
  onCancel,
  onReload,
  onDirtyChange,
}: {
  config: ReferenceTableConfig<R>;
  fields: readonly FieldSpec<FieldOf<R>>[];
  row: R | null;
  onSaved: () => void;
  onCancel: () => void;
  onReload: () => void;
  /** Told whether the inputs differ from the row as read, so that closing can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('tables');
  const { entity } = config;
  const initial = formValuesOf(fields, row);
  const form = useForm<FormValues, unknown, Payload>({
    defaultValues: initial,
    resolver: formResolver(entity, fields),
    mode: 'onTouched',
  });
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const known: ReadonlySet<string> = new Set(fields.map((field) => field.name));
  const { submit, stale, saving } = useSubmitRow(
    config,
    row,
    (path, message) => {
      if (!known.has(path.split('.')[0] ?? '')) return false;
      form.setError(path, { type: 'server', message });
      revealFirstError(formRef.current);
      return true;
    },
    onSaved,
  );
  // The id of an existing row (a NABM code) is not edited: it names the row.
  const values = form.watch();
  const visible = fields.filter((field) => !(row && field.name === config.keys.id) && isShown(field, values));

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.handleSubmit(
        () => submit(payloadOf(fields, initial), payloadOf(fields, form.getValues())),
        () => revealFirstError(formRef.current),
      )}
    >
      {stale ? <StaleAlert onReload={onReload} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {visible.map((field) => (
          <div key={field.name} style={field.wide ? { gridColumn: '1 / -1' } : undefined}>
            <FieldInput field={field} control={form.control} errors={form.formState.errors} />
          </div>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={saving} data-action="save">
          {t('actions.save')}
        </Button>
      </Group>
    </form>
  );
}
