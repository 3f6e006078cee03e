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

/** Bio-Rad CFX Maestro 'Quantification Cq Results': one row per well and fluorophore. */
export function parseCfxMaestro(text: string): ImportRow[] {
  const lines = readTable(text);
  const start = findLine(lines, (line) => line.cells.includes('Cq') && line.cells.includes('Sample'));
  if (start < 0) return refuse(lines[0]?.line ?? 1, 'Cq', 'missingColumn');
  const header = lines[start];
  if (!header) return refuse(1, 'Cq', 'missingColumn');
  const columns = columnsOf(
    header,
    { sample: ['Sample'], cq: ['Cq'], fluor: ['Fluor'] },
    { target: ['Target'], content: ['Content'] },
  );
  const rows: ImportRow[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.cells.length === 0) continue;
    refuseIfCut(line, header.cells);
    const sample = cellOf(line, columns.sample);
    if (sample === '') continue;
    refuseIfMissing(line, header.cells, [columns.cq]);
    // Single-plex runs leave Target empty: the dye then names what was measured.
    const code = cellOf(line, columns.target) || cellOf(line, columns.fluor);
    if (code === '') refuse(line.line, 'Target', 'emptyCell');
    const content = cellOf(line, columns.content);
    rows.push(
      rowOf({
        sampleRef: sample,
        instrumentCode: code,
        valueText: cellOf(line, columns.cq),
        line: line.line,
        kind: /^unkn/i.test(content) ? 'sample' : kindOf(content),
      }),
    );
  }
  return rows;
}
