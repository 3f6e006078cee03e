import { describe, expect, it } from 'vitest';
import { detectDelimiter, readTable } from './table.js';

describe('detectDelimiter', () => {
  it('tells ; from , when decimal commas are in the cells', () => {
    expect(detectDelimiter('a;b;c\n1,5;2,5;3\n')).toBe(';');
    expect(detectDelimiter('a,b,c\n"1,5","2,5",3\n')).toBe(',');
    expect(detectDelimiter('a\tb\tc\n1,5\t2,5\t3\n')).toBe('\t');
  });
});

describe('readTable', () => {
  it('reads quoted fields, CRLF, blank lines and trailing blank columns with their line numbers', () => {
    const lines = readTable('a;"b; ""c""";d;;\r\n\r\n1 ; 2 ;;;\r\n', ';');
    expect(lines).toEqual([
      { line: 1, cells: ['a', 'b; "c"', 'd'], width: 5, ended: true },
      { line: 2, cells: [], width: 1, ended: true },
      { line: 3, cells: ['1', '2'], width: 5, ended: true },
    ]);
  });

  it('counts lines inside a quoted field that spans two', () => {
    const lines = readTable('a,"b\nc"\nd,e\n', ',');
    expect(lines.map((line) => line.line)).toEqual([2, 3]);
  });

  it('reads tab files without treating quotes as field delimiters', () => {
    expect(readTable('Sample "A\t5\n', '\t')).toEqual([
      { line: 1, cells: ['Sample "A', '5'], width: 2, ended: true },
    ]);
  });

  it('says which line has no line break after it: only the last one of a file cut or saved without', () => {
    expect(readTable('a;b;c\r\n1;2', ';').map(({ width, ended }) => ({ width, ended }))).toEqual([
      { width: 3, ended: true },
      { width: 2, ended: false },
    ]);
    expect(readTable('a;b;c\r1;2;3\r', ';').every((line) => line.ended)).toBe(true);
  });

  it('refuses a file that ends inside a quoted cell as cut there', () => {
    expect(() => readTable('"Solution Label","Soln Conc"\r\n"Blank",0\r\n"2611230024-01","12.', ',')).toThrow(
      expect.objectContaining({
        code: 'invalidImportFile',
        details: { line: 3, column: null, reason: 'truncatedLine' },
      }),
    );
  });
});
