import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type AnalyserMappingRow, UpdateAnalyserMappingsBody } from '@sil/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { NumberField } from '../../lib/form/number-field';
import { showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useAnalyserMappings, useUpdateAnalyserMappings } from './api';

interface Line {
  test_code: string;
  parameter_id: string | null;
  unit_factor: number | '';
  analyser_unit: string;
}
interface Draft {
  machine_id: string;
  mappings: Line[];
}

/** The draft checked by the call's own body: an empty factor or unit is sent as none. */
const MappingsFields = z
  .custom<Draft>()
  .transform(
    (draft): z.input<typeof UpdateAnalyserMappingsBody> => ({
      machine_id: draft.machine_id,
      mappings: draft.mappings.map((line) => ({
        test_code: line.test_code,
        parameter_id: line.parameter_id ?? '',
        unit_factor: line.unit_factor === '' ? null : line.unit_factor,
        analyser_unit: line.analyser_unit.trim() === '' ? null : line.analyser_unit,
      })),
    }),
  )
  .pipe(UpdateAnalyserMappingsBody);

const lineOf = (row: AnalyserMappingRow): Line => ({
  test_code: row.test_code,
  parameter_id: row.parameter_id,
  unit_factor: row.unit_factor ?? '',
  analyser_unit: row.analyser_unit ?? '',
});
const EMPTY_LINE: Line = { test_code: '', parameter_id: null, unit_factor: '', analyser_unit: '' };

/** The analyser's test codes and the parameters they mean, saved together. */
export function MappingsEditor({ machineId, editable }: { machineId: string; editable: boolean }) {
  const { data } = useAnalyserMappings(machineId);
  if (!data) return null;
  return <MappingsForm key={machineId} machineId={machineId} rows={data.mappings} editable={editable} />;
}

function MappingsForm({
  machineId,
  rows,
  editable,
}: {
  machineId: string;
  rows: readonly AnalyserMappingRow[];
  editable: boolean;
}) {
  const { t } = useTranslation('analysers');
  const { t: tTables } = useTranslation('tables');
  const parameters = useLoadAll('parameters');
  const save = useUpdateAnalyserMappings();
  const form = useForm<Draft, unknown, z.output<typeof UpdateAnalyserMappingsBody>>({
    resolver: schemaResolver(MappingsFields),
    defaultValues: { machine_id: machineId, mappings: rows.map(lineOf) },
  });
  const lines = useFieldArray({ control: form.control, name: 'mappings' });
  const errorOf = (index: number, field: keyof Line) =>
    issueText(tTables, form.formState.errors.mappings?.[index]?.[field]?.message);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: (answer) => {
            form.reset({ machine_id: machineId, mappings: answer.mappings.map(lineOf) });
            showToast('success', t('mappings.saved'));
          },
        }),
      )}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('mappings.hint')}
      </Text>
      {lines.fields.length === 0 ? <Text c="dimmed">{t('mappings.none')}</Text> : null}
      <Stack gap="xs">
        {lines.fields.map((line, index) => (
          <Card key={line.id} withBorder padding="xs" data-mapping-line={index}>
            <Group align="flex-start" wrap="wrap" gap="xs">
              <TextInput
                label={t('mappings.test_code')}
                {...form.register(`mappings.${index}.test_code`)}
                error={errorOf(index, 'test_code')}
                disabled={!editable}
                w={140}
              />
              <Controller
                control={form.control}
                name={`mappings.${index}.parameter_id`}
                render={({ field }) => (
                  <Select
                    label={t('mappings.parameter')}
                    data={parameters.choices}
                    searchable
                    value={field.value}
                    onChange={field.onChange}
                    error={errorOf(index, 'parameter_id')}
                    disabled={!editable}
                    nothingFoundMessage={tTables('form.nothing_found')}
                    style={{ flex: '1 1 200px' }}
                  />
                )}
              />
              <Controller
                control={form.control}
                name={`mappings.${index}.unit_factor`}
                render={({ field }) => (
                  <NumberField
                    label={t('mappings.unit_factor')}
                    value={field.value}
                    onChange={field.onChange}
                    error={errorOf(index, 'unit_factor')}
                    disabled={!editable}
                    w={110}
                  />
                )}
              />
              <TextInput
                label={t('mappings.analyser_unit')}
                {...form.register(`mappings.${index}.analyser_unit`)}
                disabled={!editable}
                w={110}
              />
              {editable ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  aria-label={t('mappings.remove', { code: form.getValues(`mappings.${index}.test_code`) })}
                  onClick={() => lines.remove(index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              ) : null}
            </Group>
          </Card>
        ))}
      </Stack>
      {form.formState.errors.mappings?.root?.message || form.formState.errors.mappings?.message ? (
        <Text c="red" size="sm" mt="xs">
          {t('mappings.duplicate')}
        </Text>
      ) : null}
      {editable ? (
        <Group justify="space-between" mt="md">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => lines.append(EMPTY_LINE)}
          >
            {t('mappings.add')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('mappings.save')}
          </Button>
        </Group>
      ) : null}
    </form>
  );
}
