import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { REFERENCE_RANGE_CATEGORIES } from '@sil/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { wrappingLabel } from '../../../components/wrapping-label';
import { NumberField } from '../../../lib/form/number-field';
import { ReferenceSelect } from '../../../lib/form/reference-select';
import { emptyBlock, type RangesValues, rangeKey } from './ranges-state';

/**
 * Ranges per matrix × population (spec.md §3 'Parameter'), fields of the parameter form: one table
 * per matrix, a row per population; rows whose minimum exceeds their maximum are marked as they are
 * typed.
 */
export function RangesEditor({
  control,
  defaultOnly,
  problems,
}: {
  control: Control<RangesValues>;
  defaultOnly: boolean;
  /** Keys (rangeKey) of the rows with inverted bounds. */
  problems: ReadonlySet<string>;
}) {
  const { t } = useTranslation('tables');
  const blocks = useFieldArray({ control, name: 'range_blocks' });
  const populations = REFERENCE_RANGE_CATEGORIES.filter(
    (population) => !defaultOnly || population === 'default',
  );
  return (
    <Stack gap="lg">
      {blocks.fields.map((block, blockIndex) => (
        // Bound problems name a block by its position.
        <Stack key={block.id} gap="xs" data-range-block={blockIndex}>
          <Group justify="space-between" align="flex-end">
            <Controller
              control={control}
              name={`range_blocks.${blockIndex}.matrix_id`}
              render={({ field }) => (
                <ReferenceSelect
                  table="matrices"
                  label={t('ranges.matrix')}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('ranges.remove')}
              onClick={() => blocks.remove(blockIndex)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <Table.ScrollContainer minWidth={820}>
            <Table withTableBorder verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ranges.population')}</Table.Th>
                  <Table.Th>{t('ranges.min')}</Table.Th>
                  <Table.Th>{t('ranges.max')}</Table.Th>
                  <Table.Th>{t('ranges.delta')}</Table.Th>
                  <Table.Th>{t('ranges.comment')}</Table.Th>
                  <Table.Th>{t('ranges.post_conversion_comment')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {populations.map((population) => {
                  const name = `range_blocks.${blockIndex}.rows.${population}` as const;
                  const inverted = problems.has(rangeKey(blockIndex, population));
                  const label = t(`ranges.populations.${population}`);
                  return (
                    <Table.Tr key={population} data-population={population}>
                      <Table.Td>
                        <Text size="sm">{label}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Controller
                          control={control}
                          name={`${name}.min`}
                          render={({ field }) => (
                            <NumberField
                              size="xs"
                              w={90}
                              aria-label={`${label} · ${t('ranges.min')}`}
                              value={field.value}
                              onChange={field.onChange}
                              error={inverted ? t('issues.bounds') : undefined}
                              data-range="min"
                            />
                          )}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Controller
                          control={control}
                          name={`${name}.max`}
                          render={({ field }) => (
                            <NumberField
                              size="xs"
                              w={90}
                              aria-label={`${label} · ${t('ranges.max')}`}
                              value={field.value}
                              onChange={field.onChange}
                              error={inverted}
                              data-range="max"
                            />
                          )}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Controller
                          control={control}
                          name={`${name}.delta`}
                          render={({ field }) => (
                            <NumberField
                              size="xs"
                              w={80}
                              aria-label={`${label} · ${t('ranges.delta')}`}
                              value={field.value}
                              onChange={field.onChange}
                            />
                          )}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={`${label} · ${t('ranges.comment')}`}
                          {...control.register(`${name}.comment`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={`${label} · ${t('ranges.post_conversion_comment')}`}
                          {...control.register(`${name}.post_conversion_comment`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        style={{ alignSelf: 'flex-start' }}
        {...wrappingLabel}
        onClick={() => blocks.append(emptyBlock(null))}
        data-action="add-range-block"
      >
        {t('ranges.add')}
      </Button>
    </Stack>
  );
}
