import { Badge, Card, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { SampleResultLine, SampleResults } from '@sil/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DeltaCheckNote } from '../../components/delta-check-note';
import { SampleStatusBadge } from '../../components/sample-status-badge';
import { formatDate, formatDateTime } from '../../lib/format/dates';
import { ALARMING_FLAGS, rangeText, valueText } from '../../lib/format/result-text';

const MOBILE_QUERY = '(max-width: 991.98px)';

/** What one line shows: the value as reported, the range applied, the previous result and flags. */
function lineCells(line: SampleResultLine, t: TFunction<'validation'>, language: string) {
  const result = line.result;
  const unit = result?.result_unit ?? line.parameter_unit_after_calc ?? line.parameter_unit ?? '';
  const shown = result
    ? `${valueText(result, result.result_censored, line.parameter_decimals, language)} ${unit}`.trim()
    : t('no_result');
  const range = result ? rangeText(result, unit, line.parameter_decimals, language) : '—';
  const previous = line.anteriority;
  const previousValue = previous
    ? `${valueText(previous, previous.result_censored, line.parameter_decimals, language)} ${previous.result_unit ?? ''}`.trim()
    : null;
  const anteriority = previous
    ? t('anteriority_short', { value: previousValue, date: formatDate(previous.collected_at, language) })
    : '—';
  const anteriorityRecord = previous
    ? t('anteriority_record', { number: previous.record_number })
    : undefined;
  const flags = (
    <Group gap={4}>
      {(result?.result_flags ?? []).map((flag) => (
        <Badge key={flag} size="sm" color={ALARMING_FLAGS.includes(flag) ? 'red' : 'gray'} data-flag={flag}>
          {t(`flags.${flag}`)}
        </Badge>
      ))}
    </Group>
  );
  return { shown, range, anteriority, anteriorityRecord, flags, missing: result === null };
}

/** One sample of the preview: its state, a box to choose it, and every result with what qualifies it. */
export function SampleResultsCard({
  entry,
  tube,
  choosable,
  chosen,
  onChoose,
  blockedReason = null,
}: {
  entry: SampleResults;
  /** The sample type and matrix names, as the record lists them. */
  tube: string | null;
  /** Whether the sample may be chosen (removed, to validate; validated, to invalidate). */
  choosable: boolean;
  chosen: boolean;
  onChoose: (chosen: boolean) => void;
  /** Why the box is disabled, in words (not ready, NCT open, LBloc): said beside it, not only greyed. */
  blockedReason?: string | null;
}) {
  const { t, i18n } = useTranslation('validation');
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches);
  const { sample, lines } = entry;
  const rows = lines.map((line) => ({ line, cells: lineCells(line, t, i18n.language) }));
  return (
    <Card withBorder padding="xs" data-sample={sample.sample_id} data-status={sample.sample_status}>
      <Group justify="space-between" wrap="wrap" mb={4} gap="xs">
        <Checkbox
          checked={chosen}
          disabled={!choosable}
          onChange={(event) => onChoose(event.currentTarget.checked)}
          aria-label={t('sample.select', { number: sample.sample_number })}
          description={choosable ? undefined : (blockedReason ?? undefined)}
          data-blocked={choosable ? undefined : (blockedReason ?? undefined)}
          label={
            <Text fw={600} ff="monospace">
              {sample.sample_number}
            </Text>
          }
          data-action="choose-sample"
        />
        {tube ? (
          <Text size="sm" c="dimmed" mr="auto">
            {tube}
          </Text>
        ) : null}
        <Group gap={6}>
          {sample.sample_validated_at ? (
            <Text size="xs" c="dimmed">
              {t('sample.validated_by', { date: formatDateTime(sample.sample_validated_at, i18n.language) })}
            </Text>
          ) : null}
          <SampleStatusBadge status={sample.sample_status} />
          {sample.sample_nct_active ? <Badge color="orange">{t('sample.nct')}</Badge> : null}
          {sample.sample_lbloc_flag ? <Badge color="orange">{t('sample.lbloc')}</Badge> : null}
        </Group>
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sample.no_lines')}
        </Text>
      ) : mobile ? (
        <Stack gap="xs">
          {rows.map(({ line, cells }) => (
            <div
              key={line.parameter_id}
              data-line={line.parameter_name}
              data-delta-breach={line.delta_check?.breach ? 'true' : undefined}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {line.parameter_name}
                </Text>
                <Text size="sm" fw={600} c={cells.missing ? 'dimmed' : undefined}>
                  {cells.shown}
                </Text>
              </Group>
              {cells.flags}
              <Text size="xs" c="dimmed">
                {t('sample.range_line', { value: cells.range })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('sample.anteriority_line', { value: cells.anteriority })}
              </Text>
              <DeltaCheckNote check={line.delta_check} decimals={line.parameter_decimals} />
            </div>
          ))}
        </Stack>
      ) : (
        <Table striped withTableBorder verticalSpacing={2} horizontalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.parameter')}</Table.Th>
              <Table.Th>{t('columns.result')}</Table.Th>
              <Table.Th>{t('columns.range')}</Table.Th>
              <Table.Th>{t('columns.flags')}</Table.Th>
              <Table.Th>{t('columns.anteriority')}</Table.Th>
              <Table.Th>{t('columns.delta')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ line, cells }) => (
              <Table.Tr
                key={line.parameter_id}
                data-line={line.parameter_name}
                data-delta-breach={line.delta_check?.breach ? 'true' : undefined}
                // A delta breach asks for the biologist's eye before anything else on the record.
                bg={line.delta_check?.breach ? 'var(--mantine-color-red-light)' : undefined}
              >
                {/* One line per result: the analysis is named on hover, the parameter says enough. */}
                <Table.Td title={line.analysis_name}>{line.parameter_name}</Table.Td>
                <Table.Td fw={600} c={cells.missing ? 'dimmed' : undefined}>
                  {cells.shown}
                </Table.Td>
                <Table.Td>{cells.range}</Table.Td>
                <Table.Td>{cells.flags}</Table.Td>
                <Table.Td title={cells.anteriorityRecord}>{cells.anteriority}</Table.Td>
                <Table.Td maw={280}>
                  <DeltaCheckNote check={line.delta_check} decimals={line.parameter_decimals} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
