import { inflateRawSync } from 'node:zlib';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { toCsv, toXlsx } from './export-file.js';

const dangerous = ['=1+1', '+33 6 12', '-2+3', '@SUM(A1)', '\tTab', '\rReturn', '=HYPERLINK("http://x","y")'];
const sheet = {
  name: 'patients',
  columns: ['text', 'number'],
  rows: [...dangerous.map((text) => ({ text, number: -5 })), { text: 'Durand = Martin', number: 3 }],
};

/** One file of a ZIP archive (an XLSX is one), found through the archive's central directory. */
function zipEntry(archive: Buffer, path: string): string {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = archive.readUInt32LE(end + 16);
  for (let entry = archive.readUInt16LE(end + 10); entry > 0; entry--) {
    const nameLength = archive.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    if (archive.toString('utf8', at + 46, at + 46 + nameLength) === path) {
      const local = archive.readUInt32LE(at + 42);
      const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
      const data = archive.subarray(start, start + archive.readUInt32LE(at + 20));
      return (archive.readUInt16LE(at + 10) === 0 ? data : inflateRawSync(data)).toString('utf8');
    }
    at = next;
  }
  throw new Error(`${path} is not in the archive`);
}

describe('the export writer', () => {
  it('neutralises CSV cells a spreadsheet would run as formulas, and keeps numbers', () => {
    const lines = toCsv(sheet).toString('utf8').replace('\uFEFF', '').split('\n');
    const texts = lines.slice(1, 1 + dangerous.length).map((line) => line.split(';')[0]);
    for (const text of texts) expect(text?.replace(/^"/, '').startsWith("'")).toBe(true);
    expect(lines[1]).toBe("'=1+1;-5");
    expect(lines[1 + dangerous.length]).toBe('Durand = Martin;3');
  });

  it('neutralises XLSX cells the same way, as text and never as formulas', async () => {
    const [header, ...rows] = await readSheet(await toXlsx(sheet), 'patients');
    expect(header).toEqual(['text', 'number']);
    expect(rows.map((row) => row[0])).toEqual([...dangerous.map((text) => `'${text}`), 'Durand = Martin']);
    expect(rows[0]?.[1]).toBe(-5);
  });

  it('writes the XLSX header row in bold, each column at least 12 characters wide', async () => {
    const file = await toXlsx({
      name: 'patients',
      columns: ['text', 'a_rather_long_column_name'],
      rows: [{ text: 'Durand', a_rather_long_column_name: 3 }],
    });
    const worksheet = zipEntry(file, 'xl/worksheets/sheet1.xml');
    const widths = [...worksheet.matchAll(/<col [^>]*width="([\d.]+)"/g)].map((match) => Number(match[1]));
    expect(widths).toEqual([12, 'a_rather_long_column_name'.length + 2]);

    // The header cells' style is a bold font; the other rows' cells are not styled bold.
    const styles = zipEntry(file, 'xl/styles.xml');
    const fonts = [
      ...(styles.match(/<fonts[^>]*>(.*?)<\/fonts>/s)?.[1] ?? '').matchAll(/<font>.*?<\/font>|<font\/>/gs),
    ];
    const cellFormats = [
      ...(styles.match(/<cellXfs[^>]*>(.*?)<\/cellXfs>/s)?.[1] ?? '').matchAll(/<xf [^>]*>/g),
    ];
    const isBold = (style: string | undefined) => {
      const format = cellFormats[Number(style ?? 0)]?.[0] ?? '';
      const font = Number(format.match(/fontId="(\d+)"/)?.[1] ?? 0);
      return fonts[font]?.[0].includes('<b/>') ?? false;
    };
    const rowsXml = [...worksheet.matchAll(/<row [^>]*>(.*?)<\/row>/gs)];
    const stylesOfRow = (index: number) =>
      [...(rowsXml[index]?.[1] ?? '').matchAll(/<c [^>]*>/g)].map(
        (match) => match[0].match(/ s="(\d+)"/)?.[1],
      );
    expect(stylesOfRow(0).map(isBold)).toEqual([true, true]);
    expect(stylesOfRow(1).map(isBold)).toEqual([false, false]);
  });
});
