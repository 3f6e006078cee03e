import { foldForSearch, type QuickSelection } from '@sil/contract';

/** An analysis as the analyses step offers it. */
export interface OfferedAnalysis {
  id: string;
  name: string;
  family: string;
  forensic: boolean;
  /** NABM acts, shown beside the name so the front desk sees what will be billed. */
  nabm?: string[];
}

/**
 * What each quick selection of the analyses step adds to the current combination (spec.md §2
 * step 11 names them without saying what they hold, so the rule is ours and lives here):
 * - Alcohol: analyses whose family or name speaks of alcohol (ethanol, CDT, EtG…);
 * - Blood: analyses whose family or name speaks of blood (haematology, blood count, sang…);
 * - Complete: every analysis offered;
 * - RT-PCR: analyses whose family or name mentions PCR;
 * - Report: the forensic analyses, those that end in an expert's report;
 * - Another choice: analyses whose family or name contains the words the user typed.
 * Matching ignores case and accents, so 'hémato' and 'HEMATO' agree.
 */
const PATTERNS: Partial<Record<QuickSelection, RegExp>> = {
  alcohol: /alcool|alcohol|ethanol|ethylglucuronide|\betg\b|\bcdt\b|transferrine desialylee/,
  blood: /sang|sanguin|blood|hemato|hemogramme|\bnfs\b|numeration|plaquette|hemoglobine/,
  rtPcr: /pcr/,
};

const fold = foldForSearch;

export function quickMatches(
  selection: QuickSelection,
  analyses: readonly OfferedAnalysis[],
  typed = '',
): string[] {
  const matches = (test: (text: string) => boolean) =>
    analyses.filter((analysis) => test(fold(analysis.name)) || test(fold(analysis.family))).map((a) => a.id);
  switch (selection) {
    case 'complete':
      return analyses.map((analysis) => analysis.id);
    case 'report':
      return analyses.filter((analysis) => analysis.forensic).map((analysis) => analysis.id);
    case 'anotherChoice': {
      const words = fold(typed).split(/\s+/).filter(Boolean);
      return words.length === 0 ? [] : matches((text) => words.every((word) => text.includes(word)));
    }
    default: {
      const pattern = PATTERNS[selection];
      return pattern ? matches((text) => pattern.test(text)) : [];
    }
  }
}
