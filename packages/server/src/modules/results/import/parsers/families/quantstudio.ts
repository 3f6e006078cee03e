import { refuse } from '../refusal.js';
import {
  cellOf,
  columnsOf,
  findLine,
  type ImportRow,
  kindOf,
  refuseIfCut,
  refuseIfMissing,
  rowOf,
} from '../row.js';
import { readTable } from '../table.js';

/** Thermo QuantStudio / ViiA 7 text export: the `[Results]` section, one row per well and target. */
export function parseQuantStudio(text: string): ImportRow[] {
  const lines = readTable(text, '\t');
  const start = findLine(lines, (line) => line.cells[0] === '[Results]');
  if (start < 0) return refuse(1, '[Results]', 'missingSection');
  const header = lines[start + 1];
  if (!header) return refuse(lines[start]?.line ?? 1, 'Sample Name', 'missingColumn');
  const columns = columnsOf(
    header,
    { sample: ['Sample Name'], target: ['Target Name'], ct: ['CT', 'Cт', 'Ct', 'Cq'] },
    { task: ['Task'], omit: ['Omit'] },
  );
  const rows: ImportRow[] = [];
  for (const line of lines.slice(start + 2)) {
    if (line.cells[0]?.startsWith('[')) break;
    if (line.cells.length === 0) continue;
    refuseIfCut(line, header.cells);
    if (cellOf(line, columns.omit).toLowerCase() === 'true') continue;
    const sample = cellOf(line, columns.sample);
    if (sample === '') continue;
    refuseIfMissing(line, header.cells, [columns.ct]);
    const target = cellOf(line, columns.target);
    if (target === '') refuse(line.line, 'Target Name', 'emptyCell');
    rows.push(
      rowOf({
        sampleRef: sample,
        instrumentCode: target,
        valueText: cellOf(line, columns.ct),
        line: line.line,
        kind: kindOf(cellOf(line, columns.task)),
      }),
    );
  }
  return rows;
}
