import type { ImportRow } from './row.js';

export const DEFAULT_PCR_CUTOFF = 40;

const NEGATIVE_WORDS =
  /^(neg|negative|négatif|not detected|non détecté|undetermined|nan|no ct|target not detected)/i;
const POSITIVE_WORDS = /^(pos|positive|positif|detected|détecté)/i;

/**
 * What a PCR row says: detected or not. The instrument's own call (POS/NEG, Not detected, a
 * copies/mL number) wins; a bare Ct/Cq is positive at or under the cut-off.
 */
export function pcrCall(
  row: Pick<ImportRow, 'valueText' | 'valueNumber'>,
  cutoff: number = DEFAULT_PCR_CUTOFF,
): 'détecté' | 'non détecté' | null {
  const text = row.valueText.trim();
  if (NEGATIVE_WORDS.test(text)) return 'non détecté';
  if (POSITIVE_WORDS.test(text)) return 'détecté';
  if (/copies/i.test(text)) return 'détecté';
  if (row.valueNumber === null) return text === '' ? 'non détecté' : null;
  return row.valueNumber > 0 && row.valueNumber <= cutoff ? 'détecté' : 'non détecté';
}
