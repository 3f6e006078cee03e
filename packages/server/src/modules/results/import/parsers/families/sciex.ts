import { refuse } from '../refusal.js';
import {
  cellOf,
  columnsOf,
  findLine,
  type ImportRow,
  isInternalStandard,
  istdPeakOf,
  kindOf,
  refuseIfCut,
  rowOf,
} from '../row.js';
import { readTable, type TableLine } from '../table.js';

/** SCIEX MultiQuant long format: one line per sample and component. */
export function parseSciex(text: string): ImportRow[] {
  const lines = readTable(text);
  const headerIndex = findLine(lines, (line) => line.cells.length > 0);
  const header = lines[headerIndex];
  if (!header) return refuse(1, 'Sample Name', 'missingColumn');
  const columns = columnsOf(
    header,
    { sample: ['Sample Name'], component: ['Component Name'], area: ['Area'] },
    {
      concentration: ['Calculated Concentration', 'Calculated Conc'],
      type: ['Sample Type'],
      retentionTime: ['Retention Time', 'RT'],
      internalStandard: ['IS'],
    },
  );
  // MultiQuant's full results table says which components are internal standards (`IS`: True);
  // the shorter exports leave it to the component's name.
  const isStandard = (line: TableLine, component: string) =>
    columns.internalStandard === undefined
      ? isInternalStandard(component)
      : /^(true|yes|1)$/i.test(cellOf(line, columns.internalStandard));
  const value = columns.concentration ?? columns.area;
  const rows: ImportRow[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    if (line.cells.length === 0) continue;
    refuseIfCut(line, header.cells);
    const sample = cellOf(line, columns.sample);
    const component = cellOf(line, columns.component);
    if (sample === '') refuse(line.line, 'Sample Name', 'emptyCell');
    if (component === '') refuse(line.line, 'Component Name', 'emptyCell');
    rows.push(
      rowOf({
        sampleRef: sample,
        instrumentCode: component,
        valueText: cellOf(line, value),
        line: line.line,
        kind: kindOf(cellOf(line, columns.type)),
        istd: isStandard(line, component)
          ? istdPeakOf(cellOf(line, columns.area), cellOf(line, columns.retentionTime))
          : null,
      }),
    );
  }
  return rows;
}
