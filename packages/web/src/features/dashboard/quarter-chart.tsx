import type { DashboardQuarter } from '@sil/contract';

/** The three series of the quarterly statistics, each with its colour (Mantine's, light and dark). */
export const QUARTER_SERIES = [
  { key: 'records_added', color: 'var(--mantine-color-blue-6)' },
  { key: 'external_records', color: 'var(--mantine-color-teal-6)' },
  { key: 'canceled_replaced', color: 'var(--mantine-color-orange-6)' },
] as const;

const WIDTH = 400;
const HEIGHT = 180;
const AXIS = 20;

/**
 * The quarterly statistics as grouped bars, drawn in SVG: a chart library would weigh more than
 * the whole dashboard. Each bar carries its figure as a title; the table beside says the same.
 */
export function QuarterChart({
  quarters,
  label,
  quarterLabel,
  seriesLabel,
}: {
  quarters: readonly DashboardQuarter[];
  label: string;
  quarterLabel: (quarter: number) => string;
  seriesLabel: (key: string) => string;
}) {
  const top = Math.max(1, ...quarters.flatMap((q) => QUARTER_SERIES.map((s) => q[s.key])));
  const slot = WIDTH / Math.max(1, quarters.length);
  const bar = (slot * 0.7) / QUARTER_SERIES.length;
  const plot = HEIGHT - AXIS;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={label}
      data-testid="quarter-chart"
    >
      <line x1={0} x2={WIDTH} y1={plot} y2={plot} stroke="var(--mantine-color-dimmed)" strokeWidth={1} />
      {quarters.map((q, index) => {
        const left = index * slot + slot * 0.15;
        return (
          <g key={q.quarter}>
            {QUARTER_SERIES.map((series, position) => {
              const value = q[series.key];
              const height = Math.round((value / top) * (plot - 6));
              return (
                <rect
                  key={series.key}
                  x={left + position * bar}
                  y={plot - height}
                  width={bar - 2}
                  height={height}
                  rx={2}
                  fill={series.color}
                >
                  <title>{`${quarterLabel(q.quarter)} · ${seriesLabel(series.key)}: ${value}`}</title>
                </rect>
              );
            })}
            <text
              x={index * slot + slot / 2}
              y={HEIGHT - 5}
              textAnchor="middle"
              fontSize={12}
              fill="var(--mantine-color-text)"
            >
              {quarterLabel(q.quarter)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
