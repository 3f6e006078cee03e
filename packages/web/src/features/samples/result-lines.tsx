import { Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SampleResultLine } from '@sil/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment, type KeyboardEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DeltaCheckNote } from '../../components/delta-check-note';
import { formatDateTime } from '../../lib/format/dates';
import { isChanged, isOutOfRange, type Shown } from './result-reading';
import {
  anteriorityText,
  boundsText,
  calculationErrorText,
  FlagBadges,
  numberText,
  populationText,
  rangeText,
  reportedText,
} from './result-words';

/**
 * The Results table's columns: spec.md §2 'Manually update sample' names the first nine (the
 * reference is the parameter's code, the value the result as the report prints it); the flags
 * follow, in words.
 */
const COLUMNS = [
  'parameter',
  'raw',
  'calculated',
  'unit',
  'raw_range',
  'calculated_range',
  'anteriority',
  'reference',
  'value',
  'flags',
] as const;

/** One line of the bench as computed by the results tab: the line, what is typed, its reading. */
export interface BenchLine {
  line: SampleResultLine;
  draft: string;
  shown: Shown;
  /** The server's refusal of this line (outOfBounds), in words. */
  error: string | null;
}

interface LinesProps {
  lines: BenchLine[];
  editable: boolean;
  /** The form's binding of a line's input (its name, value, changes and focus). */
  bind: (index: number) => UseFormRegisterReturn;
  onKeyDown: (index: number, event: KeyboardEvent<HTMLInputElement>) => void;
}

const unitOf = (line: SampleResultLine) =>
  line.parameter_unit_after_calc && line.parameter_unit_after_calc !== line.parameter_unit
    ? `${line.parameter_unit ?? '—'} → ${line.parameter_unit_after_calc}`
    : (line.parameter_unit ?? '—');

/** What the cells of one line hold, the same on a desktop row and a phone card. */
function useCells({ line, draft, shown, error }: BenchLine) {
  const { t, i18n } = useTranslation('records');
  const language = i18n.language;
  const decimals = line.parameter_decimals;
  const fromOthers = line.calculation_inputs !== null;
  const calculated = shown.calculationError ? (
    <Text size="xs" c="red" data-testid="calculation-error">
      {calculationErrorText(shown.calculationError, t, line.calculation_inputs)}
    </Text>
  ) : shown.calculated === null ? (
    '—'
  ) : (
    <Text size="sm" fw={600} data-testid="calculated">
      {/* A censored value is reported as its limit: '< 0,56', never the bare limit. */}
      {shown.censored
        ? `${shown.censored}\u00a0${numberText(shown.calculated, language, decimals)}`
        : numberText(shown.calculated, language, decimals)}
    </Text>
  );
  // The plausibility limits are in the measured unit; the range in it too, but for a result
  // calculated from others, whose range is written in the calculated unit.
  const units = {
    measured: line.parameter_unit,
    range: fromOthers ? (line.parameter_unit_after_calc ?? line.parameter_unit) : line.parameter_unit,
  };
  return {
    calculated,
    unit: unitOf(line),
    // A result calculated from others has its range written in the calculated unit.
    rawRange: fromOthers ? '—' : rangeText(shown.range, shown, language, decimals, t),
    calculatedRange: fromOthers
      ? rangeText(shown.range, shown, language, decimals, t)
      : (boundsText(shown.calculatedRange, language, decimals, t) ?? '—'),
    anteriority: anteriorityText(line.anteriority, language, decimals, t),
    reference: line.parameter_code || '—',
    value: reportedText(line, shown, language),
    // The saved result's delta check; a value typed over it is compared once saved.
    delta: isChanged(line, draft, language) ? null : line.delta_check,
    flags: <FlagBadges flags={shown.flags} />,
    // The server's refusal of a value the preview already reads as impossible says less than the
    // preview, which names the limits: the preview's words stand for it.
    warning: shown.outOfBounds
      ? warningOf(shown, decimals, units, language, t)
      : (error ?? warningOf(shown, decimals, units, language, t)),
    entered: line.result
      ? t('samples.entered_by', {
          name: line.result.result_entered_by_name,
          date: formatDateTime(line.result.result_last_updated, language),
        })
      : null,
  };
}

const withUnit = (text: string, unit: string | null) => (unit ? `${text}\u00a0${unit}` : text);

function warningOf(
  shown: Shown,
  decimals: number | null,
  /** The measured unit (the plausibility limits') and the unit of the range the value is read against. */
  units: { measured: string | null; range: string | null },
  language: string,
  t: ReturnType<typeof useTranslation>['t'],
): string | null {
  if (shown.outOfBounds) {
    // The limits as the laboratory wrote them, in the measured unit (not the parameter's decimals:
    // '0–30 g/dL', not '0,0–30,0').
    const bounds = boundsText(shown.plausibleBounds, language, null, t);
    return bounds
      ? t('samples.out_of_bounds_limits', { bounds: withUnit(bounds, units.measured) })
      : t('samples.out_of_bounds');
  }
  if (!isOutOfRange(shown)) return null;
  const range = boundsText(shown.range, language, decimals, t);
  return t('samples.out_of_range', {
    range: range ? withUnit(range, units.range) : '—',
    population: populationText(shown, t),
  });
}

function ResultInput({
  item,
  index,
  editable,
  bind,
  onKeyDown,
}: { item: BenchLine; index: number } & Omit<LinesProps, 'lines'>) {
  const { t } = useTranslation('records');
  const label = t('samples.input_label', { name: item.line.parameter_name });
  const inputs = item.line.calculation_inputs;
  if (inputs !== null) {
    // A calculated result is never typed: the line names what it is calculated from.
    return (
      <Text size="xs" c="dimmed" data-testid="calculated-from" data-result={item.line.parameter_name}>
        {t('samples.calculated_from', { inputs: inputs.map((input) => input.parameter_name).join(', ') })}
      </Text>
    );
  }
  if (!editable)
    return (
      <Text size="sm" fw={600} aria-label={label} data-result={item.line.parameter_name}>
        {item.draft || '—'}
      </Text>
    );
  return (
    <TextInput
      {...bind(index)}
      size="xs"
      w={120}
      aria-label={label}
      data-result={item.line.parameter_name}
      autoComplete="off"
      error={item.shown.outOfBounds ? true : (item.error ?? undefined)}
      description={item.shown.text !== null ? t('samples.text_result') : undefined}
      onKeyDown={(event) => onKeyDown(index, event)}
    />
  );
}

function Warning({ text }: { text: string }) {
  return (
    <Group gap={6} wrap="nowrap" c="orange" data-testid="out-of-range" role="status">
      <IconAlertTriangle size={16} style={{ flexShrink: 0 }} />
      <Text size="sm" c="inherit">
        {text}
      </Text>
    </Group>
  );
}

function DesktopRow(props: { item: BenchLine; index: number } & Omit<LinesProps, 'lines'>) {
  const cells = useCells(props.item);
  const { line } = props.item;
  return (
    <>
      <Table.Tr data-line={line.parameter_name} style={{ verticalAlign: 'top' }}>
        <Table.Td>
          <Text size="sm" fw={500}>
            {line.parameter_name}
          </Text>
          {cells.entered ? (
            <Text size="xs" c="dimmed">
              {cells.entered}
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <ResultInput {...props} />
        </Table.Td>
        <Table.Td>{cells.calculated}</Table.Td>
        <Table.Td>{cells.unit}</Table.Td>
        <Table.Td data-testid="raw-range">{cells.rawRange}</Table.Td>
        <Table.Td data-testid="calculated-range">{cells.calculatedRange}</Table.Td>
        <Table.Td>
          <Text size="xs">{cells.anteriority}</Text>
          <DeltaCheckNote check={cells.delta} decimals={line.parameter_decimals} />
        </Table.Td>
        <Table.Td data-testid="reference">{cells.reference}</Table.Td>
        <Table.Td data-testid="reported">
          <ReportedValue value={cells.value} />
        </Table.Td>
        <Table.Td>{cells.flags}</Table.Td>
      </Table.Tr>
      {cells.warning ? (
        <Table.Tr data-warning-of={line.parameter_name}>
          <Table.Td />
          <Table.Td colSpan={COLUMNS.length - 1}>
            <Warning text={cells.warning} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}

/** The value as the report prints it, in bold when it is marked (H, L, *, **), as on the report. */
function ReportedValue({ value }: { value: ReturnType<typeof reportedText> }) {
  if (value === null) return '—';
  return (
    <Text size="sm" component="span" fw={value.marks ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {value.marks ? `${value.text} ${value.marks}` : value.text}
    </Text>
  );
}

function Pair({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function PhoneCard(props: { item: BenchLine; index: number } & Omit<LinesProps, 'lines'>) {
  const { t } = useTranslation('records');
  const cells = useCells(props.item);
  const { line } = props.item;
  return (
    <Card withBorder padding="xs" data-line={line.parameter_name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
        <Text size="sm" fw={600}>
          {line.parameter_name}
        </Text>
        <ResultInput {...props} />
      </Group>
      <Pair label={t('samples.columns.calculated')}>{cells.calculated}</Pair>
      <Pair label={t('samples.columns.unit')}>{cells.unit}</Pair>
      <Pair label={t('samples.columns.raw_range')}>{cells.rawRange}</Pair>
      <Pair label={t('samples.columns.calculated_range')}>{cells.calculatedRange}</Pair>
      <Pair label={t('samples.columns.anteriority')}>{cells.anteriority}</Pair>
      <DeltaCheckNote check={cells.delta} decimals={line.parameter_decimals} />
      <Pair label={t('samples.columns.reference')}>{cells.reference}</Pair>
      <Pair label={t('samples.columns.value')}>
        <ReportedValue value={cells.value} />
      </Pair>
      {cells.flags}
      {cells.warning ? <Warning text={cells.warning} /> : null}
    </Card>
  );
}

/** The lines grouped under their analysis: a table on a desktop, one card per line on a phone. */
export function ResultLines({ lines, ...rest }: LinesProps) {
  const { t } = useTranslation('records');
  const phone = useMediaQuery('(max-width: 991.98px)');
  const groups: Array<{ id: string; name: string; items: Array<{ item: BenchLine; index: number }> }> = [];
  lines.forEach((item, index) => {
    const last = groups[groups.length - 1];
    if (last && last.id === item.line.analysis_id) last.items.push({ item, index });
    else groups.push({ id: item.line.analysis_id, name: item.line.analysis_name, items: [{ item, index }] });
  });
  if (phone)
    return (
      <Stack gap="sm">
        {groups.map((group) => (
          <Stack key={group.id} gap={6}>
            <Text fw={700} size="sm">
              {group.name}
            </Text>
            {group.items.map(({ item, index }) => (
              <PhoneCard key={item.line.parameter_id} item={item} index={index} {...rest} />
            ))}
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={1040}>
      <Table verticalSpacing={6} withTableBorder data-testid="results-table">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{t(`samples.columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Fragment key={group.id}>
              <Table.Tr bg="var(--mantine-color-default-hover)">
                <Table.Td colSpan={COLUMNS.length}>
                  <Text fw={700} size="sm">
                    {group.name}
                  </Text>
                </Table.Td>
              </Table.Tr>
              {group.items.map(({ item, index }) => (
                <DesktopRow key={item.line.parameter_id} item={item} index={index} {...rest} />
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
