import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toCsv, toXlsx } from './export-file.js';

const dangerous = ['=1+1', '+33 6 12', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', '=HYPERLINK("http://x","y")'];
const sheet = {
  name: 'patients',
  columns: ['text', 'number'],
  rows: [...dangerous.map((text) => ({ text, number: -5 })), { text: 'Durand = Martin', number: 3 }],
};

describe('the export writer', () => {
  it('neutralises CSV cells a spreadsheet would run as formulas, and keeps numbers', () => {
    const lines = toCsv(sheet).toString('utf8').replace('\uFEFF', '').split('\n');
    const texts = lines.slice(1, 1 + dangerous.length).map((line) => line.split(';')[0]);
    for (const text of texts) expect(text?.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(lines[1]).toBe("'=1+1;-5");
    expect(lines[1 + dangerous.length]).toBe('Durand = Martin;3');
  });

  it('neutralises XLSX cells the same way, as text and never as formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    // exceljs types its input with an older Buffer type than Node 20's.
    await workbook.xlsx.load((await toXlsx(sheet)) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const rows = workbook.getWorksheet('patients')?.getSheetValues().slice(2) as unknown[][];
    // XML keeps a carriage return as a line feed; what matters is the apostrophe in front.
    const texts = rows.map((row) => String(row[1]).replace('\n', '\r'));
    expect(texts).toEqual([...dangerous.map((text) => `'${text}`), 'Durand = Martin']);
    expect(rows[0]?.[2]).toBe(-5);
  });
});
