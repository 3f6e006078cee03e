import { Badge, Group } from '@mantine/core';
import type { Anteriority, CalculationInput, ResultFlag, SampleResultLine } from '@sil/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format/dates';
import { formatNumber } from '../../lib/format/numbers';
import type { Bounds, Shown } from './result-reading';

/** How each flag reads: red when the patient's range or a forensic threshold is crossed. */
const FLAG_COLOR: Record<ResultFlag, string> = {
  low: 'blue',
  high: 'red',
  belowDetection: 'gray',
  aboveDetection: 'orange',
  positive: 'red',
  negative: 'teal',
  therapeutic: 'teal',
  toxic: 'orange',
  deadly: 'red',
};

/** The marks the report prints beside a value (spec.md §3 report): H, L, * (toxic), ** (deadly). */
const REPORT_MARKS: Partial<Record<ResultFlag, string>> = { high: 'H', low: 'L', toxic: '*', deadly: '**' };

/**
 * A result as the report will print it: the reported number (the calculated one when the parameter
 * converts or is calculated, else the measure) with its '<'/'>' and the unit it is reported in, or
 * the qualitative text; the report's marks apart. Null when there is nothing to print yet.
 */
export function reportedText(
  line: Pick<SampleResultLine, 'parameter_unit' | 'parameter_unit_after_calc' | 'parameter_decimals'>,
  shown: Pick<Shown, 'value' | 'text' | 'calculated' | 'censored' | 'flags'>,
  language: string,
): { text: string; marks: string } | null {
  const marks = shown.flags.flatMap((flag) => REPORT_MARKS[flag] ?? []).join(' ');
  const number = shown.calculated ?? shown.value;
  if (number === null) return shown.text ? { text: shown.text, marks } : null;
  const unit =
    shown.calculated !== null ? (line.parameter_unit_after_calc ?? line.parameter_unit) : line.parameter_unit;
  const value = numberText(number, language, line.parameter_decimals);
  const text = [shown.censored, value, unit].filter(Boolean).join('\u00a0');
  return { text, marks };
}

/** A number as the screen writes it, with the parameter's decimals when it has some. */
export function numberText(value: number | null, language: string, decimals: number | null): string {
  return formatNumber(value, language, decimals === null ? { maxDecimals: 6 } : { decimals });
}

/** '0,70–1,10', '≥ 0,7' or '≤ 1,1'; null without bounds. */
export function boundsText(
  bounds: Bounds | null,
  language: string,
  decimals: number | null,
  t: TFunction,
): string | null {
  if (!bounds || (bounds.min === null && bounds.max === null)) return null;
  const min = numberText(bounds.min, language, decimals);
  const max = numberText(bounds.max, language, decimals);
  if (bounds.max === null) return t('samples.at_least', { min });
  if (bounds.min === null) return t('samples.at_most', { max });
  return `${min}–${max}`;
}

/** The population a range was written for, in the parameter form's words ('Femme adulte'). */
export function populationText(shown: Shown, t: TFunction): string {
  return shown.population ? t(`tables:ranges.populations.${shown.population}`) : '';
}

/** The range applied and the population it belongs to: '12,0–16,0 (Femme adulte)'. */
export function rangeText(
  bounds: Bounds | null,
  shown: Shown,
  language: string,
  decimals: number | null,
  t: TFunction,
): string {
  const range = boundsText(bounds, language, decimals, t);
  if (range === null) return '—';
  return shown.population ? t('samples.range_for', { range, population: populationText(shown, t) }) : range;
}

/** A result's flags as worded badges: colour is never the only carrier of the meaning. */
export function FlagBadges({ flags }: { flags: readonly ResultFlag[] }) {
  const { t } = useTranslation('records');
  if (flags.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="result-flags">
      {flags.map((flag) => (
        <Badge key={flag} color={FLAG_COLOR[flag]} variant="light" size="sm" data-flag={flag}>
          {t(`samples.flags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
}

/** A formula's text with each `$CODE` replaced by the name of the parameter it reads. */
function namedReferences(text: string, inputs: readonly CalculationInput[] | null): string {
  return text.replace(/\$([A-Za-z][A-Za-z0-9_]*)/g, (written, code: string) => {
    return inputs?.find((input) => input.parameter_code === code)?.parameter_name ?? written;
  });
}

/**
 * Why a formula gave no value, in the patient's terms ('poids du patient manquant'), or, for a
 * result calculated from others, the missing result or the condition that does not hold, by name
 * ('condition non remplie : Triglycérides < 4.5').
 */
export function calculationErrorText(
  error: NonNullable<Shown['calculationError']>,
  t: TFunction,
  inputs: readonly CalculationInput[] | null = null,
): string {
  const detail = error.detail ?? '';
  const reason =
    error.code === 'missingVariable' && detail.startsWith('$')
      ? t('samples.missing_input', { name: namedReferences(detail, inputs) })
      : error.code === 'missingVariable'
        ? t(`samples.missing.${error.detail ?? 'unknown'}`, { defaultValue: t('samples.missing.unknown') })
        : error.code === 'conditionNotMet'
          ? t('samples.condition_not_met', { condition: namedReferences(detail, inputs) })
          : t(`tables:issues.formula.${error.code}`, { detail });
  return t('samples.calculation_error', { reason });
}

/** The patient's previous result, with its date and record. */
export function anteriorityText(
  previous: Anteriority | null,
  language: string,
  decimals: number | null,
  t: TFunction,
): string {
  if (!previous) return t('samples.no_anteriority');
  const number = previous.result_calculated ?? previous.result_value;
  const value =
    number === null
      ? (previous.result_text ?? '—')
      : `${previous.result_censored ? `${previous.result_censored} ` : ''}${numberText(number, language, decimals)}${previous.result_unit ? ` ${previous.result_unit}` : ''}`;
  return t('samples.anteriority_of', {
    value,
    date: formatDate(previous.collected_at, language),
    record: previous.record_number,
  });
}
