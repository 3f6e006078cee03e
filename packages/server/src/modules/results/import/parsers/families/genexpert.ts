import { refuse } from '../refusal.js';
import { cellOf, columnsOf, type ImportRow, refuseIfCut, refuseIfMissing, rowOf } from '../row.js';
import { readTable, type TableLine } from '../table.js';

/** The instrument code of a cartridge's 'Test Result' line: one per assay, mapped like an analyte. */
export const testResultCode = (assay: string) => (assay ? `Test Result (${assay})` : 'Test Result');

/**
 * The 'Test Result' line's verdicts ('Ebola GP DETECTED|Ebola NP DETECTED|', 'SARS-CoV-2
 * NEGATIVE', 'MTB DETECTED MEDIUM;Rif Resistance NOT DETECTED'): GeneXpert ends each with `|`;
 * they are kept in the instrument's words and order, one `; ` between two.
 */
function verdictsOf(line: TableLine): string {
  return line.cells
    .slice(1)
    .join(', ')
    .split('|')
    .map((verdict) => verdict.trim())
    .filter((verdict) => verdict !== '')
    .join('; ');
}

/**
 * Cepheid GeneXpert export: one 'RESULT TABLE' block per cartridge, its 'Test Result' line (the
 * assay's verdict, a row of its own) and the analytes under 'Analyte Result'. The 'OPTICAL DATA'
 * blocks repeat identities without results and are skipped.
 */
export function parseGeneXpert(text: string): ImportRow[] {
  const lines = readTable(text, ',');
  const rows: ImportRow[] = [];
  let sample: string | null = null;
  let assay = '';
  let inResultTable = false;
  let tables = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (!line) continue;
    const first = line.cells[0] ?? '';
    if (first === 'RESULT TABLE') {
      inResultTable = true;
      sample = null;
      assay = '';
      tables++;
    } else if (/^[A-Z ]+$/.test(first) && line.cells.length === 1 && first !== 'RESULT TABLE') {
      inResultTable = false;
    }
    if (!inResultTable) continue;
    if (first === 'Sample ID') sample = line.cells[1] ?? '';
    if (first === 'Assay') assay = line.cells[1] ?? '';
    if (first === 'Test Result') {
      // A block goes on after its Test Result (disclaimer, history, analytes): a file ending on
      // this line was cut, and its verdict may be cut with it ('SARS-CoV-2 NEG').
      if (!line.ended) refuse(line.line, 'Test Result', 'truncatedLine');
      if (!sample) return refuse(line.line, 'Sample ID', 'emptyCell');
      rows.push(
        rowOf({
          sampleRef: sample,
          instrumentCode: testResultCode(assay),
          valueText: verdictsOf(line),
          line: line.line,
          number: null,
          role: 'testResult',
        }),
      );
      continue;
    }
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
      refuseIfCut(analyte, header.cells);
      refuseIfMissing(analyte, header.cells, [columns.result]);
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
