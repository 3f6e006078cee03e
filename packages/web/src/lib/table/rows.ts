import { z } from 'zod';

/** A row of a reference table as the server answers it; each screen reads the fields it shows. */
export const RowSchema = z.record(z.string(), z.unknown());
export type Row = z.infer<typeof RowSchema>;

export const ListAnswerSchema = z.object({
  data: z.array(RowSchema),
  number_of_rows: z.number().int(),
  number_of_pages: z.number().int(),
});
export type ListAnswer = z.infer<typeof ListAnswerSchema>;

/** Reads a text field of a row; null when it is absent or not text. */
export function textOf(row: Row | undefined, field: string): string | null {
  const value = row?.[field];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

export function listOf(row: Row | undefined, field: string): string[] {
  const value = row?.[field];
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}
