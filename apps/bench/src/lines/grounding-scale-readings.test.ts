import { loadSamples } from '@quarry/samples';
import { describe, expect, it } from 'vitest';
import { groundingScaleReadings } from './grounding-scale-readings';

describe('groundingScaleReadings', () => {
  it('row 146: catches every 1000× reading planted in the invoice samples, which the rule before let through', () => {
    const figures = groundingScaleReadings(loadSamples('invoice'));
    expect(figures.planted).toBeGreaterThan(20);
    expect(figures).toMatchObject({ caught: figures.planted, caughtBefore: 0, trueFlaggedBefore: 0 });
  });
});
