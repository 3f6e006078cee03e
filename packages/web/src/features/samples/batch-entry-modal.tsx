// The formula engine (mathjs) is loaded with the grid only, as with the bench.
import '@sil/contract/formula-engine';
import { Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify';
import { type Cell, nextCell } from './batch-keys';
import { BatchRow, type SaveOutcome } from './batch-row';
import { type BatchSample, useBatchData } from './use-batch-data';

/**
 * Batch result entry (issue 40): the samples of a work list or of a filtered samples list in one
 * grid, a row per sample and a column per parameter. Enter moves to the next cell (the next sample
 * follows the last parameter), Shift+Enter back, Ctrl+Enter saves every changed sample, one call
 * each: a refused sample keeps what was typed and never holds the others back.
 */
export default function BatchEntryModal({
  title,
  samples,
  analysisId,
  onClose,
}: {
  title: string;
  samples: readonly BatchSample[];
  /** The analysis whose parameters are the columns; null for every parameter of the samples. */
  analysisId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const phone = useMediaQuery('(max-width: 991.98px)') === true;
  const { rows, columns, loading } = useBatchData(samples, analysisId);
  const inputs = useRef<Array<Array<HTMLInputElement | null>>>([]);
  const savers = useRef(new Map<number, () => Promise<SaveOutcome>>());
  const [saving, setSaving] = useState(false);
  const focused = useRef(false);

  const cellRef = useCallback((cell: Cell, element: HTMLInputElement | null) => {
    const row = inputs.current[cell.row] ?? [];
    row[cell.column] = element;
    inputs.current[cell.row] = row;
  }, []);
  const inputAt = (cell: Cell) => inputs.current[cell.row]?.[cell.column] ?? null;

  // The first cell that takes a value has the focus once the grid is read.
  useEffect(() => {
    if (focused.current || loading) return;
    const first = nextCell(
      (cell) => inputAt(cell) !== null,
      rows.length,
      columns.length,
      { row: 0, column: -1 },
      1,
    );
    if (first) {
      focused.current = true;
      inputAt(first)?.focus();
    }
  });

  const saveAll = async () => {
    if (saving) return;
    setSaving(true);
    const outcomes = await Promise.all([...savers.current.values()].map((saveRow) => saveRow()));
    setSaving(false);
    const saved = outcomes.filter((outcome) => outcome === 'saved').length;
    const refused = outcomes.filter((outcome) => outcome === 'refused').length;
    if (saved === 0 && refused === 0) showToast('info', t('samples.nothing_to_save'));
    else if (refused === 0) showToast('success', t('batch.saved', { count: saved }));
    else showToast('warning', t('batch.partly_saved', { count: saved, refused }));
  };

  // The focus moves within the key's own event, through the inputs themselves: what is typed
  // right after Enter lands in the next cell, never in one a render has not reached yet.
  const onKeyDown = (cell: Cell, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) {
      void saveAll();
      return;
    }
    const has = (at: Cell) => inputAt(at) !== null;
    const target = nextCell(has, rows.length, columns.length, cell, event.shiftKey ? -1 : 1);
    const element = target ? inputAt(target) : null;
    if (element) {
      element.focus();
      element.select();
    }
  };

  const body = rows.map((row, rowIndex) =>
    row.data ? (
      <BatchRow
        key={row.sample.sample_id}
        row={{ ...row, data: row.data }}
        rowIndex={rowIndex}
        columns={columns}
        phone={phone}
        cellRef={cellRef}
        onKeyDown={onKeyDown}
        savers={savers}
      />
    ) : null,
  );

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      size="95%"
      title={<Text fw={700}>{title}</Text>}
      data-testid="batch-entry"
    >
      {loading ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : phone ? (
        <Stack gap="sm">{body}</Stack>
      ) : (
        <Table.ScrollContainer minWidth={Math.max(600, 160 + columns.length * 120)}>
          <Table verticalSpacing={6} withTableBorder withColumnBorders data-testid="batch-grid">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('batch.sample')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.parameter_id}>
                    {column.parameter_name}
                    {column.parameter_unit ? (
                      <Text size="xs" c="dimmed" component="div">
                        {column.parameter_unit}
                      </Text>
                    ) : null}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" mt="md" wrap="wrap" gap="xs">
        <Text size="xs" c="dimmed">
          {t('batch.keyboard_hint')}
        </Text>
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={() => void saveAll()}
          loading={saving}
          disabled={loading}
          data-testid="batch-save"
        >
          {t('batch.save')}
        </Button>
      </Group>
    </Modal>
  );
}
