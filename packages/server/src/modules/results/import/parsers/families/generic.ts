import { refuse } from '../refusal.js';
import { cellOf, columnsOf, findLine, type ImportRow, refuseIfCut, rowOf } from '../row.js';
import { readTable } from '../table.js';

/** The generic layout: `echantillon;code;resultat;unite;commentaire` (docs/formats/instruments.md). */
export function parseGeneric(text: string): ImportRow[] {
  const lines = readTable(text);
  const headerIndex = findLine(lines, (line) => line.cells.length > 0);
  const header = lines[headerIndex];
  if (!header) return refuse(1, 'echantillon', 'missingColumn');
  const columns = columnsOf(
    header,
    {
      sample: ['echantillon', 'sample', 'sample_id', 'sample id'],
      code: ['code', 'parametre', 'analyte'],
      value: ['resultat', 'result', 'valeur', 'value'],
    },
    { unit: ['unite', 'unit'] },
  );
  const rows: ImportRow[] = [];
  for (const line of lines.slice(headerIndex + 1)) {
    if (line.cells.length === 0) continue;
    refuseIfCut(line, header.cells);
    const sample = cellOf(line, columns.sample);
    const code = cellOf(line, columns.code);
    if (sample === '') refuse(line.line, header.cells[columns.sample] ?? 'echantillon', 'emptyCell');
    if (code === '') refuse(line.line, header.cells[columns.code] ?? 'code', 'emptyCell');
    rows.push(
      rowOf({
        sampleRef: sample,
        instrumentCode: code,
        valueText: cellOf(line, columns.value),
        line: line.line,
        unit: cellOf(line, columns.unit),
      }),
    );
  }
  return rows;
}
