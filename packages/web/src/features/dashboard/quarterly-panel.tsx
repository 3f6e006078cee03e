import type { DashboardQuarter } from '@sil/contract';
import type { CSSProperties } from 'react';
import classes from './dashboard.module.css';
import { QUARTER_SERIES, QuarterChart } from './quarter-chart';

/** The words of the panel, given by the dashboard: this chunk carries no translation code of its own. */
export interface QuarterlyTexts {
  title: string;
  quarter: (quarter: number) => string;
  series: (key: string) => string;
}

/** Quarterly statistics: the chart and the same figures as a table (fetched once in view). */
export function QuarterlyPanel({
  quarters,
  texts,
}: {
  quarters: readonly DashboardQuarter[];
  texts: QuarterlyTexts;
}) {
  return (
    <section className={classes.panel} data-testid="panel-quarterly">
      <h2 className={classes.heading}>{texts.title}</h2>
      <div className={classes.row} style={{ '--columns': 2 } as CSSProperties}>
        <QuarterChart
          quarters={quarters}
          label={texts.title}
          quarterLabel={texts.quarter}
          seriesLabel={texts.series}
        />
        <div className={classes.scroll}>
          <table className={classes.table} data-testid="quarter-table">
            <thead>
              <tr>
                <th />
                {quarters.map((q) => (
                  <th key={q.quarter}>{texts.quarter(q.quarter)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {QUARTER_SERIES.map((series) => (
                <tr key={series.key}>
                  <td>
                    <span aria-hidden className={classes.swatch} style={{ background: series.color }} />
                    {texts.series(series.key)}
                  </td>
                  {quarters.map((q) => (
                    <td key={q.quarter}>{q[series.key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
