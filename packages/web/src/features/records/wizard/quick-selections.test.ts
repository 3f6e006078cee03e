import { describe, expect, it } from 'vitest';
import { type OfferedAnalysis, quickMatches } from './quick-selections';

const analyses: OfferedAnalysis[] = [
  { id: 'a', name: 'Éthanol sanguin', family: 'Toxicologie', forensic: true },
  { id: 'b', name: 'NFS', family: 'Hématologie', forensic: false },
  { id: 'c', name: 'SARS-CoV-2', family: 'Biologie moléculaire PCR', forensic: false },
  { id: 'd', name: 'Glycémie', family: 'Biochimie', forensic: false },
];

describe('quick selections of the analyses step', () => {
  it('finds analyses by name or family, whatever the case and accents', () => {
    expect(quickMatches('alcohol', analyses)).toEqual(['a']);
    expect(quickMatches('blood', analyses)).toEqual(['a', 'b']);
    expect(quickMatches('rtPcr', analyses)).toEqual(['c']);
  });

  it('takes every analysis for Complete and the forensic ones for Report', () => {
    expect(quickMatches('complete', analyses)).toEqual(['a', 'b', 'c', 'd']);
    expect(quickMatches('report', analyses)).toEqual(['a']);
  });

  it('matches every typed word for Another choice, and nothing when nothing is typed', () => {
    expect(quickMatches('anotherChoice', analyses, 'GLYCEMIE')).toEqual(['d']);
    expect(quickMatches('anotherChoice', analyses, 'bio hémato')).toEqual([]);
    expect(quickMatches('anotherChoice', analyses, '  ')).toEqual([]);
  });
});
