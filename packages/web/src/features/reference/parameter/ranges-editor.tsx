import { ActionIcon, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { REFERENCE_RANGE_CATEGORIES, type ReferenceRangeCategory } from '@sil/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../lib/form/number-field';
import { ReferenceSelect } from '../../../lib/form/reference-select';
import { emptyBlock, type RangeBlock, type RangeInput, rangeKey } from './ranges-state';

/**
 * Ranges per matrix × population (spec.md §3 'Parameter'): one table per matrix, a row per
 * population; rows whose minimum exceeds their maximum are marked as they are typed.
 */
export function RangesEditor({
  blocks,
  onChange,
  defaultOnly,
  problems,
}: {
  blocks: RangeBlock[];
  onChange: (next: RangeBlock[]) => void;
  defaultOnly: boolean;
  /** Keys (rangeKey) of the rows with inverted bounds. */
  problems: ReadonlySet<string>;
}) {
  const { t } = useTranslation('tables');
  const populations = REFERENCE_RANGE_CATEGORIES.filter(
    (population) => !defaultOnly || population === 'default',
  );
  const setRow = (blockIndex: number, population: ReferenceRangeCategory, change: Partial<RangeInput>) =>
    onChange(
      blocks.map((block, index) =>
        index === blockIndex
          ? { ...block, rows: { ...block.rows, [population]: { ...block.rows[population], ...change } } }
          : block,
      ),
    );
  return (
    <Stack gap="lg">
      {blocks.map((block, blockIndex) => (
        // Blocks have no identity but their position, which is also what bound problems name.
        // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
        <Stack key={blockIndex} gap="xs" data-range-block={blockIndex}>
          <Group justify="space-between" align="flex-end">
            <ReferenceSelect
              table="matrices"
              label={t('ranges.matrix')}
              value={block.matrix_id}
              onChange={(matrix_id) =>
                onChange(
                  blocks.map((candidate, index) =>
                    index === blockIndex ? { ...candidate, matrix_id } : candidate,
                  ),
                )
              }
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('ranges.remove')}
              onClick={() => onChange(blocks.filter((_, index) => index !== blockIndex))}
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
                  const row = block.rows[population];
                  const inverted = problems.has(rangeKey(blockIndex, population));
                  const label = t(`ranges.populations.${population}`);
                  return (
                    <Table.Tr key={population} data-population={population}>
                      <Table.Td>
                        <Text size="sm">{label}</Text>
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          size="xs"
                          w={90}
                          aria-label={`${label} · ${t('ranges.min')}`}
                          value={row.min}
                          onChange={(value) => setRow(blockIndex, population, { min: value })}
                          error={inverted ? t('issues.bounds') : undefined}
                          data-range="min"
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          size="xs"
                          w={90}
                          aria-label={`${label} · ${t('ranges.max')}`}
                          value={row.max}
                          onChange={(value) => setRow(blockIndex, population, { max: value })}
                          error={inverted}
                          data-range="max"
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberField
                          size="xs"
                          w={80}
                          aria-label={`${label} · ${t('ranges.delta')}`}
                          value={row.delta}
                          onChange={(value) => setRow(blockIndex, population, { delta: value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={`${label} · ${t('ranges.comment')}`}
                          value={row.comment}
                          onChange={(event) =>
                            setRow(blockIndex, population, { comment: event.currentTarget.value })
                          }
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          size="xs"
                          aria-label={`${label} · ${t('ranges.post_conversion_comment')}`}
                          value={row.post_conversion_comment}
                          onChange={(event) =>
                            setRow(blockIndex, population, {
                              post_conversion_comment: event.currentTarget.value,
                            })
                          }
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
        onClick={() => onChange([...blocks, emptyBlock(null)])}
        data-action="add-range-block"
      >
        {t('ranges.add')}
      </Button>
    </Stack>
  );
}
