import { Badge, Group, Text } from '@mantine/core';
import type { DeltaCheck } from '@sil/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format/dates';
import { formatNumber } from '../lib/format/numbers';

const withUnit = (text: string, unit: string | null) => (unit ? `${text}\u00a0${unit}` : text);

/** A change with its sign always written ('+3,9', '−1,2'), as the biologist reads a delta. */
function signed(value: number, language: string, digits: { decimals?: number; maxDecimals?: number }) {
  const number = formatNumber(Math.abs(value), language, digits);
  return value > 0 ? `+${number}` : value < 0 ? `\u2212${number}` : number;
}

/**
 * The delta check in words: 'Δ −3,9 g/dL (−30 %) depuis 13,0 g/dL le 13/11/2026 · limite ± 2 g/dL
 * sur 30 jours'. The percentage is left out when the previous value was 0.
 */
export function deltaCheckText(
  check: DeltaCheck,
  language: string,
  decimals: number | null,
  t: TFunction<'records'>,
): string {
  const percent =
    check.delta_percent === null
      ? ''
      : ` (${t('delta_check.percent', { value: signed(check.delta_percent, language, { maxDecimals: 1 }) })})`;
  const limit =
    check.kind === 'percent'
      ? t('delta_check.percent', {
          value: `±\u00a0${formatNumber(check.limit, language, { maxDecimals: 2 })}`,
        })
      : withUnit(`±\u00a0${formatNumber(check.limit, language, { maxDecimals: 6 })}`, check.unit);
  const digits = decimals === null ? { maxDecimals: 6 } : { decimals };
  return t('delta_check.text', {
    delta: `${withUnit(signed(check.delta, language, digits), check.unit)}${percent}`,
    previous: withUnit(formatNumber(check.previous_value, language, digits), check.unit),
    date: formatDate(check.previous_collected_at, language),
    limit,
    days: check.window_days,
  });
}

/**
 * A result's delta check beside its anteriority: the change since the patient's previous validated
 * result, and a worded badge when it exceeds the parameter's limit (colour never carries it alone).
 */
export function DeltaCheckNote({
  check,
  decimals,
}: {
  check: DeltaCheck | null | undefined;
  decimals: number | null;
}) {
  const { t, i18n } = useTranslation('records');
  if (!check) return null;
  const text = deltaCheckText(check, i18n.language, decimals, t);
  return (
    <Group
      gap={6}
      wrap="wrap"
      align="center"
      data-testid="delta-check"
      data-breach={check.breach ? 'true' : 'false'}
    >
      {check.breach ? (
        <Badge color="red" variant="filled" size="sm" data-flag="delta">
          {t('delta_check.breach')}
        </Badge>
      ) : null}
      <Text size="xs" c={check.breach ? 'red' : 'dimmed'} fw={check.breach ? 600 : undefined}>
        {text}
      </Text>
    </Group>
  );
}
