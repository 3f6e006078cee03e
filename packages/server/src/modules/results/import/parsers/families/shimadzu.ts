import { refuse } from '../refusal.js';
import {
  cellOf,
  columnsOf,
  type ImportRow,
  isInternalStandard,
  istdPeakOf,
  kindOf,
  refuseIfCut,
  rowOf,
} from '../row.js';
import { readTable, type TableLine } from '../table.js';

const SUMMARY = new Set(['Average', '%RSD', 'Maximum', 'Minimum', 'Std. Dev.']);

/** TQ8030 rows have no header line: the cells the family reads, by position. */
const TQ8030_CELLS = ['Data File', 'Sample ID', '', 'Conc.', '', '', '', '', '', '', 'Sample Type'];

/** LabSolutions LCMS-8050: `ID#`, `Name` then a header whose first cell is empty, per compound. */
function parseLabSolutions(lines: TableLine[]): ImportRow[] {
  const rows: ImportRow[] = [];
  for (let index = 0; index < lines.length; index++) {
    const nameLine = lines[index];
    if (nameLine?.cells[0] !== 'Name') continue;
    const compound = nameLine.cells[1] ?? '';
    if (compound === '') refuse(nameLine.line, 'Name', 'emptyCell');
    const header = lines[index + 1];
    if (!header) return refuse(nameLine.line, 'Conc.', 'missingColumn');
    const columns = columnsOf(
      header,
      { conc: ['Conc.'], sampleName: ['Sample Name'] },
      { sampleId: ['Sample ID'], type: ['Sample Type'], area: ['Area'], retentionTime: ['Ret. Time'] },
    );
    // The internal standard's own block: its area and retention time per injection are the
    // injection's quality control, never a result (its Conc. is '-----' anyway).
    const internalStandard = isInternalStandard(compound);
    for (index += 2; index < lines.length; index++) {
      const line = lines[index];
      if (!line || line.cells.length === 0 || line.cells[0] === 'ID#') break;
      refuseIfCut(line, header.cells);
      if (SUMMARY.has(line.cells[1] ?? '')) continue;
      const sample = cellOf(line, columns.sampleId) || cellOf(line, columns.sampleName);
      if (sample === '') continue;
      rows.push(
        rowOf({
          sampleRef: sample,
          instrumentCode: compound,
          valueText: cellOf(line, columns.conc),
          line: line.line,
          kind: kindOf(cellOf(line, columns.type)),
          istd: internalStandard
            ? istdPeakOf(cellOf(line, columns.area), cellOf(line, columns.retentionTime))
            : null,
        }),
      );
    }
    index--;
  }
  return rows;
}

/** GCMSsolution TQ8030 quant summary: a compound line, then data file, sample id, …, Conc. (4th). */
function parseTq8030(lines: TableLine[]): ImportRow[] {
  const rows: ImportRow[] = [];
  let compound: string | null = null;
  for (const line of lines) {
    if (line.cells.length === 0) {
      compound = null;
      continue;
    }
    // Compound lines are as wide as the rows (empty cells after the name), so a row cut after its
    // first cell is not taken for a compound.
    refuseIfCut(line, TQ8030_CELLS);
    if (line.cells.length === 1) {
      compound = line.cells[0] ?? null;
      continue;
    }
    if (SUMMARY.has(line.cells[0] ?? '')) continue;
    if (!compound) return refuse(line.line, 'Name', 'missingSection');
    const sample = line.cells[1] ?? '';
    if (sample === '') refuse(line.line, 'Sample ID', 'emptyCell');
    rows.push(
      rowOf({
        sampleRef: sample,
        instrumentCode: compound,
        valueText: line.cells[3] ?? '',
        line: line.line,
        kind: kindOf(line.cells[10] ?? ''),
        // The summary names no area or retention time column: the standard is known, its peak not.
        istd: isInternalStandard(compound) ? istdPeakOf('', '') : null,
      }),
    );
  }
  return rows;
}

/** Shimadzu quant tables (LCMS-8050 LabSolutions, GCMS TQ8030): one block per compound. */
export function parseShimadzu(text: string): ImportRow[] {
  const lines = readTable(text, '\t');
  if (lines.some((line) => line.cells[0] === 'ID#')) return parseLabSolutions(lines);
  const first = lines.find((line) => line.cells.length > 0);
  if (first && first.cells.length === 1) return parseTq8030(lines);
  return refuse(first?.line ?? 1, 'ID#', 'missingSection');
}
