import { describe, expect, it } from 'vitest';
import { modelMistake } from './model-mistake';
import { invoiceSchema, invoiceTruth } from './test-corpus';

const skill = { cheap: 0.7, strong: 0.95 };
const keys = Array.from({ length: 2000 }, (_, i) => `doc-${i}`);
const mistakeOf = (model: string, documentKey: string) =>
  modelMistake({ seed: 7, documentKey, truth: invoiceTruth, schema: invoiceSchema, model, skill });

describe('modelMistake', () => {
  it('makes the less skilled model wrong on more documents, and never right where it is wrong for the other', () => {
    const cheap = keys.filter((key) => mistakeOf('cheap', key) !== null);
    const strong = keys.filter((key) => mistakeOf('strong', key) !== null);
    expect(cheap.length / keys.length).toBeCloseTo(0.3, 1);
    expect(strong.length / keys.length).toBeCloseTo(0.05, 1);
    expect(strong.every((key) => cheap.includes(key))).toBe(true);
  });

  it('lets the more skilled model fix more of its mistakes, the same mistake for every model', () => {
    const wrong = keys.filter((key) => mistakeOf('strong', key) !== null);
    const fixable = (model: string) =>
      wrong.filter((key) => mistakeOf(model, key)?.fixable).length / wrong.length;
    expect(fixable('cheap')).toBeLessThan(fixable('strong'));
    for (const key of wrong)
      expect(mistakeOf('cheap', key)?.mistake).toEqual(mistakeOf('strong', key)?.mistake);
  });

  it('leaves a model without a skill always right', () => {
    expect(keys.some((key) => mistakeOf('other', key) !== null)).toBe(false);
  });
});
