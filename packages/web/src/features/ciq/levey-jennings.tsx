import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Badge, Card, Group, Loader, Table, Text, Title } from '@mantine/core';
import { type CiqChart, REJECTING_RULES, type WestgardRule } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format/dates';
import { formatNumber } from '../../lib/format/numbers';
import { useCiqChart } from './api';

const SD_LINES = [3, 2, 1, 0, -1, -2, -3] as const;
const lineColor = (k: number) =>
  k === 0 ? 'teal.6' : Math.abs(k) === 3 ? 'red.6' : Math.abs(k) === 2 ? 'orange.5' : 'gray.5';
// The lines' own shades read at 2–3:1 as text; labels take the scheme's text colours (4.5:1).
const labelColor = (k: number) =>
  k === 0
    ? 'var(--mantine-color-teal-text)'
    : Math.abs(k) === 3
      ? 'var(--mantine-color-red-text)'
      : Math.abs(k) === 2
        ? 'var(--mantine-color-orange-text)'
        : 'var(--mantine-color-dimmed)';

/**
 * The value axis: room above and below the farthest value, never less than ±4 SD, so that no point
 * sits on the edge; its ticks are the values of the mean and SD lines, so that the axis reads what
 * ±1, 2, 3 SD are worth instead of round numbers falling between them.
 */
export function valueAxis(mean: number, sd: number, zScores: readonly number[]) {
  const extreme = Math.max(4, ...zScores.map((z) => Math.ceil(Math.abs(z)) + 1));
  return {
    domain: [mean - extreme * sd, mean + extreme * sd] as [number, number],
    ticks: [...SD_LINES].reverse().map((k) => mean + k * sd),
  };
}

export function RuleBadges({ rules }: { rules: readonly WestgardRule[] }) {
  return (
    <Group gap={4}>
      {rules.map((rule) => (
        <Badge
          key={rule}
          size="sm"
          variant="light"
          tt="none"
          color={REJECTING_RULES.includes(rule) ? 'red' : 'orange'}
        >
          {rule}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The Levey-Jennings chart of one parameter × level × lot: each control value in the order it came,
 * against the target mean and ±1, 2 and 3 SD; a value breaking a rule shows on the second series.
 */
export function LeveyJenningsChart({ settingId }: { settingId: string }) {
  const { t, i18n } = useTranslation('records');
  const chart = useCiqChart(settingId);
  if (!chart.data) return <Loader size="sm" />;
  const { setting, points } = chart.data as CiqChart;
  const { ciq_mean: mean, ciq_sd: sd } = setting;
  const number = (value: number) => formatNumber(value, i18n.language, { maxDecimals: 3 });
  const data = points.map((point, index) => ({
    run: String(index + 1),
    value: point.ciq_value,
    violation: point.ciq_rules.length > 0 ? point.ciq_value : null,
  }));
  const axis = valueAxis(
    mean,
    sd,
    points.map((point) => point.ciq_z),
  );
  return (
    <Card withBorder padding="sm" data-ciq-chart={setting.ciq_setting_id}>
      <Title order={2} fz="h4" mb="xs">
        {t('ciq.chart_title', {
          parameter: setting.parameter_name,
          level: setting.ciq_level,
          lot: setting.ciq_lot,
        })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('ciq.target', { mean: number(mean), sd: number(sd) })}
      </Text>
      {points.length === 0 ? (
        <Text c="dimmed">{t('ciq.no_values')}</Text>
      ) : (
        <LineChart
          h={280}
          data={data}
          dataKey="run"
          curveType="linear"
          connectNulls={false}
          series={[
            { name: 'value', label: t('ciq.value'), color: 'blue.6' },
            { name: 'violation', label: t('ciq.violation'), color: 'red.7' },
          ]}
          yAxisProps={{ domain: axis.domain, ticks: axis.ticks, interval: 0 }}
          // The first and last runs clear of the axis and of the lines' labels on the right.
          xAxisProps={{ padding: { left: 16, right: 64 } }}
          valueFormatter={number}
          referenceLines={SD_LINES.map((k) => ({
            y: mean + k * sd,
            color: lineColor(k),
            label: {
              value: k === 0 ? t('ciq.mean') : t('ciq.sd_line', { k: `${k > 0 ? '+' : ''}${k}` }),
              fill: labelColor(k),
            },
            labelPosition: 'insideTopRight',
          }))}
          aria-label={t('ciq.chart_label')}
        />
      )}
      {points.length > 0 ? (
        <Table.ScrollContainer minWidth={420} mt="sm">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('ciq.when')}</Table.Th>
                <Table.Th>{t('ciq.value')}</Table.Th>
                <Table.Th>{t('ciq.z')}</Table.Th>
                <Table.Th>{t('ciq.rules')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((point, index) => (
                <Table.Tr key={point.ciq_value_id} data-ciq-point-rules={point.ciq_rules.join(' ')}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{formatDateTime(point.ciq_value_created_at, i18n.language)}</Table.Td>
                  <Table.Td>{number(point.ciq_value)}</Table.Td>
                  <Table.Td>{formatNumber(point.ciq_z, i18n.language, { maxDecimals: 2 })}</Table.Td>
                  <Table.Td>
                    <RuleBadges rules={point.ciq_rules} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}
