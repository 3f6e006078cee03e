import { refuse } from '../refusal.js';
import { cellOf, columnsOf, type ImportRow, rowOf } from '../row.js';
import { readTable } from '../table.js';

/**
 * Cepheid GeneXpert export: one 'RESULT TABLE' block per cartridge, the analytes under
 * 'Analyte Result'. The 'OPTICAL DATA' blocks repeat identities without results and are skipped.
 */
export function parseGeneXpert(text: string): ImportRow[] {
  const lines = readTable(text, ',');
  const rows: ImportRow[] = [];
  let sample: string | null = null;
  let inResultTable = false;
  let tables = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (!line) continue;
    const first = line.cells[0] ?? '';
    if (first === 'RESULT TABLE') {
      inResultTable = true;
      sample = null;
      tables++;
    } else if (/^[A-Z ]+$/.test(first) && line.cells.length === 1 && first !== 'RESULT TABLE') {
      inResultTable = false;
    }
    if (!inResultTable) continue;
    if (first === 'Sample ID') sample = line.cells[1] ?? '';
    if (first !== 'Analyte Result' || line.cells.length !== 1) continue;
    const header = lines[index + 1];
    if (!header) return refuse(line.line, 'Analyte Name', 'missingColumn');
    if (!sample) return refuse(line.line, 'Sample ID', 'emptyCell');
    const columns = columnsOf(
      header,
      { analyte: ['Analyte Name'], result: ['Analyte Result'] },
      { ct: ['Ct'] },
    );
    for (index += 2; index < lines.length; index++) {
      const analyte = lines[index];
      if (!analyte || analyte.cells.length === 0) break;
      const ct = rowOf({
        sampleRef: '',
        instrumentCode: '',
        valueText: cellOf(analyte, columns.ct),
        line: 0,
      });
      rows.push(
        rowOf({
          sampleRef: sample,
          instrumentCode: cellOf(analyte, columns.analyte),
          valueText: cellOf(analyte, columns.result),
          line: analyte.line,
          // 0.0 is GeneXpert's way of saying no curve crossed the threshold.
          number: ct.valueNumber === 0 ? null : ct.valueNumber,
        }),
      );
    }
  }
  if (tables === 0) return refuse(1, 'RESULT TABLE', 'missingSection');
  return rows;
}
