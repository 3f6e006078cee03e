import { Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import type { SampleResults } from '@sil/contract';
import { type KeyboardEvent, type RefObject, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { issueText } from '../../lib/form/issue-text';
import { errorMessage } from '../../lib/notify';
import { ERROR_ISSUE } from '../../lib/table/field-issues';
import { useSaveResults } from './api';
import type { Cell } from './batch-keys';
import { readBench } from './bench-reading';
import { draftField, useResultDrafts } from './result-form';
import { EMPTY_SHOWN, isChanged, isOutOfRange, type Shown } from './result-reading';
import { FlagBadges, numberText, rangeText } from './result-words';
import type { BatchColumn, BatchRowData } from './use-batch-data';

export type SaveOutcome = 'unchanged' | 'saved' | 'refused';

export interface BatchRowProps {
  row: BatchRowData & { data: SampleResults };
  rowIndex: number;
  columns: readonly BatchColumn[];
  phone: boolean;
  /** The grid's inputs, by row and column: the keys move the focus through them. */
  cellRef: (cell: Cell, element: HTMLInputElement | null) => void;
  onKeyDown: (cell: Cell, event: KeyboardEvent<HTMLInputElement>) => void;
  /** Each row's save, by row: Ctrl+Enter and the grid's button call them all. */
  savers: RefObject<Map<number, () => Promise<SaveOutcome>>>;
}

const parameterOf = (details: unknown): string | null => {
  const id = Reflect.get(Object(details), 'parameter_id');
  return typeof id === 'string' ? id : null;
};

/**
 * One sample of the batch grid: the bench's form and live reading on the grid's parameters. A
 * refused save keeps what was typed, with the refusal on the row (and on the cell it names).
 */
export function BatchRow({ row, rowIndex, columns, phone, cellRef, onKeyDown, savers }: BatchRowProps) {
  const { t, i18n } = useTranslation('records');
  const { t: tTables } = useTranslation('tables');
  const language = i18n.language;
  const { data, context, editable } = row;
  const { form, drafts } = useResultDrafts(data, language);
  const save = useSaveResults(data.sample.sample_id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const texts = useMemo(() => drafts.map((draft) => draft.typed), [drafts]);
  const shown = useMemo(() => readBench(data, texts, context, language), [data, texts, context, language]);
  const { errors } = form.formState;

  useEffect(() => {
    const saveRow = async (): Promise<SaveOutcome> => {
      if (!editable) return 'unchanged';
      // The form's values now, not the last render's: the last key may not have re-rendered yet.
      const typed = form.getValues('lines');
      const changed = data.lines.flatMap((line, index) =>
        isChanged(line, typed[index]?.typed ?? '', language) ? [index] : [],
      );
      if (changed.length === 0) return 'unchanged';
      let outcome: SaveOutcome = 'refused';
      await form.handleSubmit(
        async ({ lines: checked }) => {
          try {
            await save.mutateAsync({
              sample_id: data.sample.sample_id,
              results: changed.flatMap((index) => {
                const line = data.lines[index];
                const value = checked[index]?.typed;
                if (!line || !value) return [];
                const stamp = line.result?.result_last_updated ?? null;
                return [{ parameter_id: line.parameter_id, ...value, result_last_updated: stamp }];
              }),
            });
            setRefusal(null);
            outcome = 'saved';
          } catch (error) {
            const code = error instanceof ApiError ? error.code : 'fallback';
            const id = error instanceof ApiError ? parameterOf(error.details) : null;
            const index = data.lines.findIndex((line) => line.parameter_id === id);
            if (index >= 0) form.setError(draftField(index), { message: `${ERROR_ISSUE}${code}` });
            setRefusal(errorMessage(code));
          }
        },
        () => setRefusal(t('batch.invalid')),
      )();
      return outcome;
    };
    savers.current.set(rowIndex, saveRow);
    return () => {
      savers.current.delete(rowIndex);
    };
  }, [data, editable, form, language, rowIndex, save, savers, t]);

  const cellAt = (column: BatchColumn, columnIndex: number) => {
    const index = data.lines.findIndex((line) => line.parameter_id === column.parameter_id);
    const line = data.lines[index];
    const cell = { row: rowIndex, column: columnIndex };
    if (!line) return <Text c="dimmed">—</Text>;
    const reading = shown[index] ?? EMPTY_SHOWN;
    const error = issueText(tTables, errors.lines?.[index]?.typed?.message) ?? null;
    const field = form.register(draftField(index));
    const input =
      editable && !column.calculated ? (
        <TextInput
          {...field}
          ref={(element) => {
            field.ref(element);
            cellRef(cell, element);
          }}
          size="xs"
          w={phone ? 110 : 96}
          autoComplete="off"
          aria-label={t('batch.input_label', {
            name: line.parameter_name,
            number: data.sample.sample_number,
          })}
          data-cell={`${data.sample.sample_number}:${line.parameter_name}`}
          error={reading.outOfBounds || error ? true : undefined}
          onKeyDown={(event) => onKeyDown(cell, event)}
        />
      ) : (
        <Text size="sm" fw={600}>
          {column.calculated
            ? numberText(reading.calculated, language, line.parameter_decimals)
            : texts[index] || '—'}
        </Text>
      );
    return (
      <Stack gap={2}>
        {input}
        <CellReading shown={reading} decimals={line.parameter_decimals} error={error} />
      </Stack>
    );
  };

  const status = refusal ? (
    <Text size="xs" c="red" role="alert" data-testid="batch-refusal">
      {refusal}
    </Text>
  ) : null;
  const label = (
    <>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {data.sample.sample_number}
      </Text>
      <Text size="xs" c="dimmed">
        {row.sample.label}
      </Text>
    </>
  );

  if (phone)
    return (
      <Card withBorder padding="xs" data-batch-row={data.sample.sample_number}>
        {label}
        {status}
        <Stack gap={6} mt={6}>
          {columns.map((column, columnIndex) => (
            <Group key={column.parameter_id} justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm">{column.parameter_name}</Text>
              {cellAt(column, columnIndex)}
            </Group>
          ))}
        </Stack>
      </Card>
    );
  return (
    <Table.Tr data-batch-row={data.sample.sample_number} style={{ verticalAlign: 'top' }}>
      <Table.Td>
        {label}
        {status}
      </Table.Td>
      {columns.map((column, columnIndex) => (
        <Table.Td key={column.parameter_id}>{cellAt(column, columnIndex)}</Table.Td>
      ))}
    </Table.Tr>
  );
}

/** Under a cell: the calculated value, flags, range and what is wrong, as the bench reads them. */
function CellReading({
  shown,
  decimals,
  error,
}: {
  shown: Shown;
  decimals: number | null;
  error: string | null;
}) {
  const { t, i18n } = useTranslation('records');
  const language = i18n.language;
  const warning = shown.outOfBounds ? t('batch.out_of_bounds') : error;
  return (
    <>
      {shown.calculated !== null && shown.value !== null ? (
        <Text size="xs" fw={600} data-testid="calculated">
          → {numberText(shown.calculated, language, decimals)}
        </Text>
      ) : null}
      <FlagBadges flags={shown.flags} />
      {shown.range ? (
        <Text size="xs" c={isOutOfRange(shown) ? 'orange.8' : 'dimmed'}>
          {rangeText(shown.range, shown, language, decimals, t)}
        </Text>
      ) : null}
      {warning ? (
        <Text size="xs" c="red" data-testid="batch-cell-error">
          {warning}
        </Text>
      ) : null}
    </>
  );
}
