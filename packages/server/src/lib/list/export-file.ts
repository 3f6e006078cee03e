import type { EntityDefinition } from '@sil/contract';
import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { Row } from './source.js';

export function exportColumns(entity: EntityDefinition): string[] {
  return [entity.idField, ...Object.keys(entity.fields), entity.stampField];
}

/** What a spreadsheet would run as a formula when a text starts with it (OWASP 'CSV injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Every exported cell goes through here. A text that a spreadsheet would take for a formula is
 * prefixed with an apostrophe, so that it shows as typed and never runs; numbers stay numbers.
 */
export const cell = (value: unknown): string | number | boolean => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  const text = Array.isArray(value)
    ? value.join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
};

/** A file to export: its sheet name, its columns in order, its rows. */
export interface ExportSheet {
  name: string;
  columns: string[];
  rows: Row[];
}

export const sheetOf = (entity: EntityDefinition, rows: Row[]): ExportSheet => ({
  name: entity.table,
  columns: exportColumns(entity),
  rows,
});

/** CSV as French spreadsheets open it: semicolons, UTF-8 with a byte-order mark. */
export function toCsv({ columns, rows }: ExportSheet): Buffer {
  const text = stringify(
    rows.map((row) => columns.map((column) => cell(row[column]))),
    { header: true, columns, delimiter: ';', cast: { boolean: (v) => (v ? 'true' : 'false') } },
  );
  return Buffer.concat([Buffer.from('\uFEFF', 'utf8'), Buffer.from(text, 'utf8')]);
}

export async function toXlsx({ name, columns, rows }: ExportSheet): Promise<Buffer> {
  // Loaded on the first spreadsheet export, not by every start.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  return writeXlsxFile(rows, {
    sheet: name,
    columns: columns.map((column) => ({
      header: { value: column, fontWeight: 'bold' as const },
      cell: (row: Row) => ({ value: cell(row[column]) }),
      width: Math.max(12, column.length + 2),
    })),
  }).toBuffer();
}

/** Sends an export as a download named after the sheet and the day. */
export async function sendExport(reply: FastifyReply, sheet: ExportSheet, format: 'csv' | 'xlsx') {
  const day = new Date().toISOString().slice(0, 10);
  const file = format === 'xlsx' ? await toXlsx(sheet) : toCsv(sheet);
  const type =
    format === 'xlsx'
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'text/csv; charset=utf-8';
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${sheet.name}-${day}.${format}"`)
    .send(file);
}
