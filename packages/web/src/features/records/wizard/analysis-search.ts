import { foldForSearch } from '@sil/contract';
import type { OfferedAnalysis } from './quick-selections';

/** What a search of the analysis picker is compared with: the name, the family and the NABM acts. */
function searchedText(analysis: OfferedAnalysis): string {
  return foldForSearch([analysis.name, analysis.family, ...(analysis.nabm ?? [])].join(' '));
}

/**
 * Whether an analysis answers what the front desk typed: every word found in its name, family or
 * NABM codes, without accents or case ('glycemie' finds 'Glycémie', '1104' its NABM act).
 */
export function analysisMatches(analysis: OfferedAnalysis, typed: string): boolean {
  const words = foldForSearch(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchedText(analysis);
  return words.every((word) => text.includes(word));
}

/**
 * The picker's choices for a search: the orderable analyses that match, then the hidden ones that
 * match, so that a hidden analysis is never silently missing (it shows, and says why it cannot be
 * ordered). With nothing typed, hidden analyses stay out of the list.
 */
export function pickerChoices(
  offered: readonly OfferedAnalysis[],
  hidden: readonly OfferedAnalysis[],
  typed: string,
): { orderable: OfferedAnalysis[]; hidden: OfferedAnalysis[] } {
  const searching = typed.trim() !== '';
  return {
    orderable: offered.filter((analysis) => analysisMatches(analysis, typed)),
    hidden: searching ? hidden.filter((analysis) => analysisMatches(analysis, typed)) : [],
  };
}
