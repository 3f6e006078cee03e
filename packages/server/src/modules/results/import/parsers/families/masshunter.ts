import { refuse } from '../refusal.js';
import { type ImportRow, isInternalStandard, istdPeakOf, kindOf, refuseIfCut, rowOf } from '../row.js';
import { readTable } from '../table.js';

const GROUP_START = 'Acq. Date-Time';

/**
 * Agilent MassHunter Quant compound table (wide): line 1 names each column group's sample, line 2
 * is `Name, Precursor Ion, Product Ion` then groups `Acq. Date-Time, Name, Data File, Type, RT,
 * Area[, Final Conc.]`; one line per compound.
 */
export function parseMassHunter(text: string): ImportRow[] {
  const lines = readTable(text);
  const [samplesLine, header] = lines;
  if (!samplesLine || !header) return refuse(1, 'Name', 'missingColumn');
  if (header.cells[0] !== 'Name') refuse(header.line, 'Name', 'missingColumn');
  const groups: Array<{
    start: number;
    name: number;
    type: number;
    value: number;
    area: number;
    retentionTime: number;
  }> = [];
  for (let index = 1; index < header.cells.length; index++) {
    if (header.cells[index] !== GROUP_START) continue;
    let end = header.cells.indexOf(GROUP_START, index + 1);
    if (end < 0) end = header.cells.length;
    const group = header.cells.slice(index, end);
    const at = (name: string) => {
      const offset = group.indexOf(name);
      return offset < 0 ? -1 : index + offset;
    };
    const value = at('Final Conc.') >= 0 ? at('Final Conc.') : at('Area');
    if (at('Name') < 0) refuse(header.line, 'Name', 'missingColumn');
    if (value < 0) refuse(header.line, 'Area', 'missingColumn');
    groups.push({
      start: index,
      name: at('Name'),
      type: at('Type'),
      value,
      area: at('Area'),
      retentionTime: at('RT'),
    });
  }
  if (groups.length === 0) return refuse(header.line, GROUP_START, 'missingColumn');
  const rows: ImportRow[] = [];
  for (const line of lines.slice(2)) {
    refuseIfCut(line, header.cells);
    const compound = line.cells[0] ?? '';
    if (compound === '') continue;
    // An internal standard's line ('THC-COOH-d3', 'PC 28:0 (IS)'): its area and RT per injection
    // are the injections' quality control, never results.
    const internalStandard = isInternalStandard(compound);
    for (const group of groups) {
      const sample = line.cells[group.name] || samplesLine.cells[group.start] || '';
      if (sample === '') continue;
      rows.push(
        rowOf({
          sampleRef: sample,
          instrumentCode: compound,
          valueText: line.cells[group.value] ?? '',
          line: line.line,
          kind: group.type >= 0 ? kindOf(line.cells[group.type] ?? '') : 'sample',
          istd: internalStandard
            ? istdPeakOf(line.cells[group.area] ?? '', line.cells[group.retentionTime] ?? '')
            : null,
        }),
      );
    }
  }
  return rows;
}
