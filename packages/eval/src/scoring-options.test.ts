import { describe, expect, it } from 'vitest';
import { ScoreInputError } from './score-input-error';
import { defaultScoringOptions, scoringOptions } from './scoring-options';

describe('scoringOptions', () => {
  it('fills in every default', () => {
    expect(scoringOptions()).toEqual(defaultScoringOptions);
    expect(defaultScoringOptions).toEqual({
      absoluteTolerance: 0.005,
      relativeTolerance: 1e-9,
      maxDepth: 32,
      maxArrayLength: 1000,
      maxWork: 50_000_000,
    });
  });

  it('clamps numbers into their ranges', () => {
    expect(
      scoringOptions({
        absoluteTolerance: -1,
        relativeTolerance: 5,
        maxDepth: 1e9,
        maxArrayLength: 0,
        maxWork: 2.7,
      }),
    ).toEqual({ absoluteTolerance: 0, relativeTolerance: 1, maxDepth: 1000, maxArrayLength: 1, maxWork: 2 });
  });

  it('refuses an option that is not a finite number, naming it', () => {
    for (const bad of [{ maxDepth: Number.NaN }, { maxDepth: Number.POSITIVE_INFINITY }, { maxDepth: '3' }]) {
      expect(() => scoringOptions(bad as never)).toThrow(ScoreInputError);
      try {
        scoringOptions(bad as never);
      } catch (error) {
        expect(error).toMatchObject({ problem: 'bad-options', side: 'options', path: 'maxDepth' });
      }
    }
  });
});
