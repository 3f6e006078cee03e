import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type ImportFileType, ImportMappingLine } from '@sil/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { schemaResolver } from '../../lib/form/form-resolver';
import { issueText } from '../../lib/form/issue-text';
import { NumberField } from '../../lib/form/number-field';
import { showToast } from '../../lib/notify';
import { useSession } from '../../lib/use-session';
import { useImportMappings, useParameterChoices, useUpdateImportMappings } from './api';

/**
 * A line as typed: a code without its parameter yet (an unmapped code the last file offered) stays
 * on screen and is left out of the save; the cut-off is checked as the contract checks it.
 */
const Draft = z.object({
  instrument_code: z.string(),
  parameter_id: z.string().nullable(),
  pcr_cutoff: ImportMappingLine.shape.pcr_cutoff,
});
type Draft = z.infer<typeof Draft>;
const MappingForm = z.object({ lines: z.array(Draft) });
type MappingForm = z.infer<typeof MappingForm>;
const mappingResolver = schemaResolver(MappingForm);
const EMPTY_LINE: Draft = { instrument_code: '', parameter_id: null, pcr_cutoff: null };

const PCR_TYPES: ReadonlySet<ImportFileType> = new Set([
  'covid19Pcr',
  'rhinoPharyngealPcr',
  'salivaPcr',
  'stdPcr',
  'mst',
  'chlamydia',
  'mycoplasma',
  'neisseria',
]);

/**
 * The mapping of a file type for the chosen machine (or every machine): an administrator says which
 * parameter each instrument code is; codes the last file left unmapped are offered as new lines.
 */
export function MappingSection({
  fileType,
  machineId,
  unmappedCodes,
  canEdit,
}: {
  fileType: ImportFileType;
  machineId: string | null;
  unmappedCodes: string[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('records');
  const { t: tIssues } = useTranslation('tables');
  const mappings = useImportMappings(fileType, machineId, true);
  const { rights } = useSession();
  const parameters = useParameterChoices((rights?.admin_parameters ?? 0) >= 1);
  const save = useUpdateImportMappings();
  const form = useForm<MappingForm>({ defaultValues: { lines: [] }, resolver: mappingResolver });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const { reset } = form;
  const typed = form.watch('lines');
  const pcr = PCR_TYPES.has(fileType);

  useEffect(() => {
    const own = (mappings.data?.mappings ?? []).filter((line) => line.mapping_machine === machineId);
    const known = new Set(mappings.data?.mappings.map((line) => line.mapping_instrument_code));
    reset({
      lines: [
        ...own.map((line) => ({
          instrument_code: line.mapping_instrument_code,
          parameter_id: line.mapping_parameter,
          pcr_cutoff: line.mapping_pcr_cutoff,
        })),
        ...unmappedCodes
          .filter((code) => !known.has(code))
          .map((code) => ({ ...EMPTY_LINE, instrument_code: code })),
      ],
    });
  }, [mappings.data, machineId, unmappedCodes, reset]);

  const inherited = (mappings.data?.mappings ?? []).filter(
    (line) => machineId !== null && line.mapping_machine === null,
  );
  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        file_type: fileType,
        machine_id: machineId,
        mappings: values.lines.flatMap((line) =>
          line.parameter_id && line.instrument_code.trim()
            ? [
                {
                  instrument_code: line.instrument_code.trim(),
                  parameter_id: line.parameter_id,
                  pcr_cutoff: line.pcr_cutoff,
                },
              ]
            : [],
        ),
      },
      { onSuccess: () => showToast('success', t('import.mapping_saved')) },
    ),
  );

  return (
    <Stack gap="xs" data-import-mapping>
      <Title order={2} fz="h4">
        {machineId ? t('import.mapping_machine') : t('import.mapping_every_machine')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('import.mapping_help')}
      </Text>
      {inherited.length > 0 ? (
        <Text size="sm">
          {t('import.mapping_inherited', {
            codes: inherited
              .map((line) => `${line.mapping_instrument_code} → ${line.parameter_name}`)
              .join(', '),
          })}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.instrument_code')}</Table.Th>
              <Table.Th>{t('import.parameter')}</Table.Th>
              {pcr ? <Table.Th>{t('import.cutoff')}</Table.Th> : null}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.fields.map((line, index) => (
              <Table.Tr key={line.id} data-mapping-code={typed[index]?.instrument_code ?? ''}>
                <Table.Td>
                  <TextInput
                    aria-label={t('import.instrument_code')}
                    disabled={!canEdit}
                    {...form.register(`lines.${index}.instrument_code`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Controller
                    control={form.control}
                    name={`lines.${index}.parameter_id`}
                    render={({ field }) => (
                      <Select
                        aria-label={t('import.parameter')}
                        placeholder={t('import.unmapped')}
                        data={parameters.data ?? []}
                        value={field.value}
                        disabled={!canEdit}
                        searchable
                        onChange={field.onChange}
                      />
                    )}
                  />
                </Table.Td>
                {pcr ? (
                  <Table.Td>
                    <Controller
                      control={form.control}
                      name={`lines.${index}.pcr_cutoff`}
                      render={({ field, fieldState }) => (
                        <NumberField
                          aria-label={t('import.cutoff')}
                          placeholder="40"
                          min={0}
                          max={99}
                          decimalScale={2}
                          w={100}
                          disabled={!canEdit}
                          value={field.value}
                          onChange={(value) => field.onChange(value === '' ? null : value)}
                          error={issueText(tIssues, fieldState.error?.message)}
                        />
                      )}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  {canEdit ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('import.remove_line')}
                      onClick={() => lines.remove(index)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {canEdit ? (
        <Group>
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => lines.append(EMPTY_LINE)}
          >
            {t('import.add_line')}
          </Button>
          <Button onClick={(event) => void submit(event)} loading={save.isPending} data-action="save-mapping">
            {t('import.save_mapping')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
