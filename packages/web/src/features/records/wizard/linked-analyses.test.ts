import { describe, expect, it } from 'vitest';
import { linkAnalysis, samplesOfRecord } from './linked-analyses';

const empty = () => [[], [], [], [], []];

describe('linking an analysis of an earlier record', () => {
  const orderable = new Set(['nfs', 'glucose']);

  it('adds it to Combination 1 and leaves the other combinations alone', () => {
    const outcome = linkAnalysis([['glucose'], ['x'], [], [], []], 'nfs', orderable);
    expect(outcome).toEqual({ kind: 'added', combinations: [['glucose', 'nfs'], ['x'], [], [], []] });
  });

  it('does not add an analysis a second time, whichever combination holds it', () => {
    expect(linkAnalysis([[], [], ['nfs'], [], []], 'nfs', orderable)).toEqual({ kind: 'alreadySelected' });
    expect(linkAnalysis([['nfs'], [], [], [], []], 'nfs', orderable)).toEqual({ kind: 'alreadySelected' });
  });

  it('never adds a hidden analysis, or one no longer in the catalogue', () => {
    expect(linkAnalysis(empty(), 'hidden', orderable)).toEqual({ kind: 'notOrderable' });
  });

  it('does not change the combinations it was given', () => {
    const before = [['glucose'], [], [], [], []];
    linkAnalysis(before, 'nfs', orderable);
    expect(before).toEqual([['glucose'], [], [], [], []]);
  });
});

describe('samples of an earlier record', () => {
  it('lists each sample with its analyses, and analyses no sample carries last', () => {
    const record = {
      record_id: 'r1',
      record_selected_analyses: [
        { combination: 1, analysis_ids: ['nfs', 'glucose'] },
        { combination: 2, analysis_ids: ['ethanol'] },
      ],
      samples: [
        { sample_id: 's1', sample_number: 'R1-01', sample_analyses: ['nfs'] },
        { sample_id: 's2', sample_number: 'R1-02', sample_analyses: ['glucose'] },
      ],
    };
    expect(samplesOfRecord(record)).toEqual([
      { id: 's1', number: 'R1-01', analysisIds: ['nfs'] },
      { id: 's2', number: 'R1-02', analysisIds: ['glucose'] },
      { id: 'r1-unsampled', number: '', analysisIds: ['ethanol'] },
    ]);
  });

  it('has nothing to show for a record without samples or analyses', () => {
    expect(samplesOfRecord({ record_id: 'r2', record_selected_analyses: [], samples: [] })).toEqual([]);
  });
});
