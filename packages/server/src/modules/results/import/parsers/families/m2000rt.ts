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

/** Abbott m2000rt result log: the 'Result Information' block, one row per well. */
export function parseM2000rt(text: string): ImportRow[] {
  const lines = readTable(text, '\t');
  const title = findLine(lines, (line) => line.cells[0] === 'Result Information');
  if (title < 0) return refuse(1, 'Result Information', 'missingSection');
  const headerIndex = findLine(lines, (line) => line.cells.includes('SampleId'), title + 1);
  const header = lines[headerIndex];
  if (headerIndex < 0 || !header) return refuse(lines[title]?.line ?? 1, 'SampleId', 'missingColumn');
  const columns = columnsOf(
    header,
    {
      sample: ['SampleId'],
      assay: ['AssayName'],
      result: ['InvariantReportedResult', 'ReportedResult'],
      final: ['FinalResult'],
    },
    { type: ['SampleType'] },
  );
  const rows: ImportRow[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    if (line.cells.length === 0 || line.cells[0]?.startsWith('=')) break;
    refuseIfCut(line, header.cells);
    const sample = cellOf(line, columns.sample);
    if (sample === '') continue;
    refuseIfMissing(line, header.cells, [columns.result]);
    const reported = cellOf(line, columns.result);
    const final = cellOf(line, columns.final);
    const unit = /^[<>]?\s*[\d.,]+\s*(.+)$/.exec(reported)?.[1] ?? null;
    const row = rowOf({
      sampleRef: sample,
      instrumentCode: cellOf(line, columns.assay),
      valueText: reported,
      line: line.line,
      unit,
      kind: kindOf(cellOf(line, columns.type)),
    });
    // FinalResult is the unrounded copies/mL; a '< 40' text keeps its limit.
    const finalNumber = rowOf({ sampleRef: '', instrumentCode: '', valueText: final, line: 0 }).valueNumber;
    rows.push(row.censored || finalNumber === null ? row : { ...row, valueNumber: finalNumber });
  }
  return rows;
}
