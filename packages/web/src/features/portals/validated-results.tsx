import { Badge, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ValidatedResultLine } from '@sil/contract';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format/dates';
import { ALARMING_FLAGS, isAlarming, rangeText, valueText } from '../../lib/format/result-text';
import { useValidatedResults } from './api';

const MOBILE_QUERY = '(max-width: 767.98px)';
/** An abnormal result's line stands out in both themes; its flag says why in words. */
const ABNORMAL_BACKGROUND = 'var(--mantine-color-red-light)';

/** What one line shows: the value and unit, the range in that unit, the previous value with its date. */
function cellsOf(line: ValidatedResultLine, t: TFunction<'records'>, language: string) {
  const unit = line.result_unit ?? '';
  const decimals = line.parameter_decimals;
  const previous = line.anteriority;
  return {
    value: `${valueText(line, line.result_censored, decimals, language)} ${unit}`.trim(),
    range: rangeText(line, unit, decimals, language),
    previous: previous
      ? t('validated_results.previous_value', {
          value:
            `${valueText(previous, previous.result_censored, decimals, language)} ${previous.result_unit ?? ''}`.trim(),
          date: formatDate(previous.collected_at, language),
        })
      : '—',
    abnormal: isAlarming(line.result_flags),
  };
}

function Flags({ line, t }: { line: ValidatedResultLine; t: TFunction<'records'> }) {
  return (
    <Group gap={4}>
      {line.result_flags.map((flag) => (
        <Badge key={flag} size="sm" color={ALARMING_FLAGS.includes(flag) ? 'red' : 'gray'} data-flag={flag}>
          {t(`samples.flags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The validated results of a record for its prescriber (issue 40): what the report prints, line by
 * line, an abnormal value highlighted with its flag in words; a table on a wide screen, one block
 * per result on a phone. Results still awaiting the biologist are not shown.
 */
export function ValidatedResults({ recordId }: { recordId: string }) {
  const { t, i18n } = useTranslation('records');
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches);
  const results = useValidatedResults(recordId);
  const lines = (results.data ?? []).map((line) => ({ line, cells: cellsOf(line, t, i18n.language) }));
  const abnormal = lines.filter(({ cells }) => cells.abnormal).length;
  // The table is named by the block's title: a screen reader entering it says 'Résultats validés'.
  const titleId = useId();
  return (
    <Paper withBorder p="sm" data-testid="validated-results">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id={titleId}>
          {t('validated_results.title')}
        </Title>
        {abnormal > 0 ? (
          <Badge color="red" variant="light" data-abnormal-count={abnormal}>
            {t('validated_results.abnormal_count', { count: abnormal })}
          </Badge>
        ) : null}
      </Group>
      {results.isPending ? (
        <Loader size="sm" aria-label={t('validated_results.loading')} />
      ) : lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('validated_results.none')}
        </Text>
      ) : mobile ? (
        <Stack gap="xs" role="list" aria-labelledby={titleId}>
          {lines.map(({ line, cells }) => (
            <Paper
              key={`${line.analysis_id}-${line.parameter_id}`}
              p="xs"
              withBorder
              role="listitem"
              bg={cells.abnormal ? ABNORMAL_BACKGROUND : undefined}
              data-line={line.parameter_name}
              data-abnormal={cells.abnormal ? 'true' : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {line.parameter_name}
                </Text>
                <Text size="sm" fw={700}>
                  {cells.value}
                </Text>
              </Group>
              <Flags line={line} t={t} />
              <Text size="xs">{t('validated_results.range_line', { value: cells.range })}</Text>
              <Text size="xs">{t('validated_results.previous_line', { value: cells.previous })}</Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('validated_results.analysis')}</Table.Th>
              <Table.Th scope="col">{t('validated_results.parameter')}</Table.Th>
              <Table.Th scope="col">{t('validated_results.result')}</Table.Th>
              <Table.Th scope="col">{t('validated_results.range')}</Table.Th>
              <Table.Th scope="col">{t('validated_results.flags')}</Table.Th>
              <Table.Th scope="col">{t('validated_results.previous')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map(({ line, cells }, index) => (
              <Table.Tr
                key={`${line.analysis_id}-${line.parameter_id}`}
                bg={cells.abnormal ? ABNORMAL_BACKGROUND : undefined}
                data-line={line.parameter_name}
                data-abnormal={cells.abnormal ? 'true' : undefined}
              >
                {/* The analysis is named once, on the first of its lines. */}
                <Table.Td>
                  {lines[index - 1]?.line.analysis_id === line.analysis_id ? '' : line.analysis_name}
                </Table.Td>
                <Table.Td>{line.parameter_name}</Table.Td>
                <Table.Td fw={700}>{cells.value}</Table.Td>
                <Table.Td>{cells.range}</Table.Td>
                <Table.Td>
                  <Flags line={line} t={t} />
                </Table.Td>
                <Table.Td>{cells.previous}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
