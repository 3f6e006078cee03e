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
      { line: 1, cells: ['a', 'b; "c"', 'd'] },
      { line: 2, cells: [] },
      { line: 3, cells: ['1', '2'] },
    ]);
  });

  it('counts lines inside a quoted field that spans two', () => {
    const lines = readTable('a,"b\nc"\nd,e\n', ',');
    expect(lines.map((line) => line.line)).toEqual([2, 3]);
  });

  it('reads tab files without treating quotes as field delimiters', () => {
    expect(readTable('Sample "A\t5\n', '\t')).toEqual([{ line: 1, cells: ['Sample "A', '5'] }]);
  });
});
