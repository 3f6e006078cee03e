/** Where a key takes the typist in the batch grid: a cell by its sample (row) and parameter (column). */
export interface Cell {
  row: number;
  column: number;
}

/**
 * The next (step 1) or previous (step -1) cell that takes a value, row after row: the next
 * sample follows the last parameter. Cells without an input (a calculated result, a parameter the
 * sample does not measure, a validated sample) are skipped; null past either end.
 */
export function nextCell(
  has: (cell: Cell) => boolean,
  rows: number,
  columns: number,
  from: Cell,
  step: 1 | -1,
): Cell | null {
  if (columns === 0) return null;
  for (let at = from.row * columns + from.column + step; at >= 0 && at < rows * columns; at += step) {
    const cell = { row: Math.floor(at / columns), column: at % columns };
    if (has(cell)) return cell;
  }
  return null;
}
