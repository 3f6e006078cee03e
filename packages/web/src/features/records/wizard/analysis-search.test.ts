import { describe, expect, it } from 'vitest';
import { analysisMatches, pickerChoices } from './analysis-search';
import type { OfferedAnalysis } from './quick-selections';

const analysis = (id: string, name: string, family = '', nabm: string[] = []): OfferedAnalysis => ({
  id,
  name,
  family,
  forensic: false,
  nabm,
});

const glycemie = analysis('g', 'Glycémie à jeun', 'Biochimie', ['0552']);
const creatinine = analysis('c', 'Créatinine', 'Biochimie', ['0593']);
const hemogramme = analysis('h', 'Hémogramme (NFS)', 'Hématologie', ['1104']);
const ethanol = analysis('e', 'Éthanol', 'Toxicologie');

describe('the analysis picker search', () => {
  it('finds a name typed without accents or capitals', () => {
    expect(analysisMatches(glycemie, 'glycemie')).toBe(true);
    expect(analysisMatches(glycemie, 'GLYCÉMIE')).toBe(true);
    expect(analysisMatches(creatinine, 'creat')).toBe(true);
    expect(analysisMatches(hemogramme, 'hemo')).toBe(true);
    expect(analysisMatches(ethanol, 'hemo')).toBe(false);
  });

  it('finds by NABM code and by family', () => {
    expect(analysisMatches(hemogramme, '1104')).toBe(true);
    expect(analysisMatches(glycemie, '1104')).toBe(false);
    expect(analysisMatches(creatinine, 'biochimie')).toBe(true);
    expect(analysisMatches(ethanol, 'toxico')).toBe(true);
  });

  it('needs every word typed, in any of the three', () => {
    expect(analysisMatches(glycemie, 'biochimie jeun')).toBe(true);
    expect(analysisMatches(creatinine, 'biochimie jeun')).toBe(false);
  });

  it('lists hidden analyses that match a search apart, and none while nothing is typed', () => {
    const offered = [glycemie, creatinine];
    const hidden = [hemogramme];
    expect(pickerChoices(offered, hidden, '')).toEqual({ orderable: offered, hidden: [] });
    expect(pickerChoices(offered, hidden, 'hemo')).toEqual({ orderable: [], hidden: [hemogramme] });
    expect(pickerChoices(offered, hidden, 'glyc')).toEqual({ orderable: [glycemie], hidden: [] });
  });
});
