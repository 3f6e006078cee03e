import { Badge, Text } from '@mantine/core';
import { type ReferenceTableName, SampleStepTaken, specialtyLabel } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RecordStatusBadge } from '../../components/record-status-badge';
import { SampleStatusBadge } from '../../components/sample-status-badge';
import { SampleStepLines } from '../../components/sample-steps';
import { formatDate, formatDateTime } from '../format/dates';
import { formatCents, formatNumber } from '../format/numbers';
import type { ColumnFormat } from './table-config';
import { useLoadAll } from './use-load-all';

const EMPTY = '—';
const stepsOf = z.array(SampleStepTaken);

function ReferenceName({ table, id }: { table: ReferenceTableName; id: string }) {
  const { choices } = useLoadAll(table);
  return <>{choices.find((choice) => choice.value === id)?.label ?? EMPTY}</>;
}

/** How many of a sample's results are entered: green once all are, quiet when none is expected. */
function ResultsProgress({ value }: { value: unknown }) {
  const { t } = useTranslation('tables');
  const { entered, expected } = (value ?? {}) as { entered?: number; expected?: number };
  if (typeof entered !== 'number' || typeof expected !== 'number' || expected === 0)
    return <Text c="dimmed">{EMPTY}</Text>;
  const done = entered >= expected;
  return (
    <Badge
      variant={done ? 'light' : 'outline'}
      color={done ? 'green' : 'gray'}
      size="sm"
      data-mark="results-progress"
    >
      {t('values.results_progress', { entered, expected })}
    </Badge>
  );
}

/**
 * One cell of a table page, formatted as its column says. A stored code (a sex, an INS status) shows
 * as the words of its `valueLabel` (the i18n key of a value, as the column's filter offers it).
 */
export function CellValue({
  format = 'text',
  value,
  valueLabel,
}: {
  format?: ColumnFormat;
  value: unknown;
  valueLabel?: (value: string) => string;
}) {
  const { t, i18n } = useTranslation('tables');
  if (value === null || value === undefined || value === '') return <Text c="dimmed">{EMPTY}</Text>;
  if (valueLabel && format === 'text' && typeof value === 'string') return <>{t(valueLabel(value))}</>;
  if (typeof format === 'object') {
    return typeof value === 'string' ? <ReferenceName table={format.reference} id={value} /> : EMPTY;
  }
  switch (format) {
    case 'alert':
      // A mark that calls for attention (an abnormal result): red when set, quiet otherwise.
      return value === true ? (
        <Badge variant="filled" color="red" size="sm" data-mark="alert">
          {t('values.yes')}
        </Badge>
      ) : (
        <Text c="dimmed" size="sm">
          {t('values.no')}
        </Text>
      );
    case 'boolean':
      return (
        <Badge variant="light" color={value === true ? 'green' : 'gray'} size="sm">
          {t(value === true ? 'values.yes' : 'values.no')}
        </Badge>
      );
    case 'datetime':
      return <>{typeof value === 'string' ? formatDateTime(value, i18n.language) : EMPTY}</>;
    case 'date':
      return <>{typeof value === 'string' ? formatDate(value, i18n.language) : EMPTY}</>;
    case 'list':
      return <>{Array.isArray(value) && value.length > 0 ? value.join(', ') : EMPTY}</>;
    case 'cents':
      return <>{formatCents(Number(value), i18n.language)}</>;
    case 'specialty': {
      const code = Number(value);
      return <>{Number.isInteger(code) ? `${code} · ${specialtyLabel(code) ?? ''}` : EMPTY}</>;
    }
    case 'recordStatus':
      return <RecordStatusBadge status={value} />;
    case 'sampleStatus':
      return <SampleStatusBadge status={value} />;
    case 'resultsProgress':
      return <ResultsProgress value={value} />;
    case 'sampleSteps': {
      const steps = stepsOf.safeParse(value);
      return steps.success && steps.data.length > 0 ? (
        <SampleStepLines steps={steps.data} />
      ) : (
        <Text c="dimmed">{EMPTY}</Text>
      );
    }
    case 'text':
      if (typeof value === 'number') return <>{formatNumber(value, i18n.language)}</>;
      return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
  }
}
