import { refuse } from '../refusal.js';
import { cellOf, columnsOf, type ImportRow, kindOf, refuseIfCut, rowOf } from '../row.js';
import { readTable, type TableLine } from '../table.js';

/**
 * The cells of a Horiba line as the family reads them: the export's header names fewer cells than
 * its lines hold (`LineName,,Net_Intensity,Cc,SD,RSD` over ten cells), the concentration being the
 * 6th, the flag the 8th and the unit the 9th.
 */
const HORIBA_CELLS = ['LineName', '', 'Net_Intensity', '', '', 'Cc', 'SD', 'Flag', 'Unit'];

/** Horiba Jobin Yvon 'ICP Short Report (lines)': `Sample:` blocks, one line per emission line. */
function parseHoriba(lines: TableLine[]): ImportRow[] {
  const rows: ImportRow[] = [];
  let sample: string | null = null;
  let inLines = false;
  for (const line of lines) {
    const first = line.cells[0] ?? '';
    if (first === 'Sample:') {
      sample = line.cells[1] ?? '';
      if (sample === '') refuse(line.line, 'Sample:', 'emptyCell');
      inLines = false;
    } else if (first === 'LineName') {
      if (sample === null) refuse(line.line, 'Sample:', 'missingSection');
      inLines = true;
    } else if (line.cells.length === 0) {
      inLines = false;
    } else if (inLines && sample) {
      refuseIfCut(line, HORIBA_CELLS);
      // The export's header is shifted: the concentration sits in the 6th cell, the unit in the 9th.
      const flag = line.cells[7] ?? '';
      const concentration = line.cells[5] ?? '';
      rows.push({
        ...rowOf({
          sampleRef: sample,
          instrumentCode: first,
          valueText: concentration,
          line: line.line,
          unit: line.cells[8] ?? null,
          kind: /^QC/i.test(sample) ? 'control' : 'sample',
        }),
        valueText: flag ? `${concentration} ${flag}` : concentration,
      });
    }
  }
  return rows;
}

/** Varian Vista Pro: one line per solution and element. */
function parseVarian(lines: TableLine[]): ImportRow[] {
  const [header, ...body] = lines;
  if (!header) return refuse(1, 'Solution Label', 'missingColumn');
  const columns = columnsOf(
    header,
    { sample: ['Solution Label'], element: ['Element'], value: ['Soln Conc'] },
    { unit: ['Units'], type: ['Type'] },
  );
  const rows: ImportRow[] = [];
  for (const line of body) {
    if (line.cells.length === 0) continue;
    refuseIfCut(line, header.cells);
    const element = cellOf(line, columns.element);
    if (element === '') refuse(line.line, 'Element', 'emptyCell');
    rows.push(
      rowOf({
        sampleRef: cellOf(line, columns.sample),
        instrumentCode: element,
        valueText: cellOf(line, columns.value),
        line: line.line,
        unit: cellOf(line, columns.unit),
        kind: /^samp/i.test(cellOf(line, columns.type)) ? 'sample' : kindOf(cellOf(line, columns.type)),
      }),
    );
  }
  return rows;
}

/** ICP-OES exports (Horiba Jobin Yvon short report, Varian Vista Pro), told apart by their start. */
export function parseIcp(text: string): ImportRow[] {
  const lines = readTable(text);
  const first = lines.find((line) => line.cells.length > 0);
  if (first?.cells.includes('ICP Short Report (lines)')) return parseHoriba(lines);
  if (first?.cells[0] === 'Solution Label') return parseVarian(lines);
  return refuse(first?.line ?? 1, 'Solution Label', 'missingColumn');
}
