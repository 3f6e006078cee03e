import type { EntityDefinition } from '@sil/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Row } from './queries.js';

export function exportColumns(entity: EntityDefinition): string[] {
  return [entity.idField, ...Object.keys(entity.fields), entity.stampField];
}

const cell = (value: unknown): string | number | boolean => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** CSV as French spreadsheets open it: semicolons, UTF-8 with a byte-order mark. */
export function toCsv(entity: EntityDefinition, rows: Row[]): Buffer {
  const columns = exportColumns(entity);
  const text = stringify(
    rows.map((row) => columns.map((column) => cell(row[column]))),
    { header: true, columns, delimiter: ';', cast: { boolean: (v) => (v ? 'true' : 'false') } },
  );
  return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(text, 'utf8')]);
}

export async function toXlsx(entity: EntityDefinition, rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(entity.table);
  const columns = exportColumns(entity);
  sheet.columns = columns.map((column) => ({
    header: column,
    key: column,
    width: Math.max(12, column.length + 2),
  }));
  for (const row of rows)
    sheet.addRow(Object.fromEntries(columns.map((column) => [column, cell(row[column])])));
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
