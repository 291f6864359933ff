import { describe, expect, it } from 'vitest';
import { ExtractionScore } from './extraction-score';
import { scoreExtraction } from './score-extraction';

const counts = (
  expected: unknown,
  extracted: unknown,
  options?: Parameters<typeof scoreExtraction>[0]['options'],
) => {
  const { truePositives, falsePositives, falseNegatives } = scoreExtraction({
    expected,
    extracted,
    options,
  }).overall;
  return [truePositives, falsePositives, falseNegatives];
};
const same = (expected: unknown, extracted: unknown) =>
  expect(counts({ v: expected }, { v: extracted })).toEqual([1, 0, 0]);
const differ = (expected: unknown, extracted: unknown) =>
  expect(counts({ v: expected }, { v: extracted })).toEqual([0, 1, 1]);

describe('scoreExtraction: leaves', () => {
  it('counts an identical output as all true positives, with ratios of 1', () => {
    const value = { invoiceNumber: 'INV-1', total: 12.5, paid: true, lineItems: [{ sku: 'A', qty: 2 }] };
    const score = scoreExtraction({ expected: value, extracted: structuredClone(value) });
    expect(score.overall).toEqual({
      truePositives: 5,
      falsePositives: 0,
      falseNegatives: 0,
      precision: 1,
      recall: 1,
      f1: 1,
    });
    expect(score.differences).toEqual([]);
    expect(ExtractionScore.parse(score)).toEqual(score);
  });

  it('compares strings after NFKC, lower case and whitespace collapsing, punctuation kept', () => {
    same('ACME  Corp', ' acme corp\n');
    same('ＩＮＶ－１２３', 'inv-123');
    same('Cafe\u0301', 'café');
    differ('ACME', 'ACME Ltd');
    differ('A-1', 'A1');
  });

  it('compares numbers within half a cent by default', () => {
    same(100, 100.004);
    same(0.1 + 0.2, 0.3);
    differ(100, 100.01);
    differ(-5, 5);
  });

  it('takes the tolerances from the options', () => {
    expect(counts({ v: 0.05 }, { v: 0.054 })).toEqual([1, 0, 0]);
    expect(counts({ v: 0.05 }, { v: 0.054 }, { absoluteTolerance: 0 })).toEqual([0, 1, 1]);
    expect(counts({ v: 100 }, { v: 100.9 }, { relativeTolerance: 0.01 })).toEqual([1, 0, 0]);
    expect(counts({ v: 100 }, { v: 102 }, { relativeTolerance: 0.01 })).toEqual([0, 1, 1]);
  });

  it('compares a numeric string with a number as numbers, either way', () => {
    same(1234.5, '1,234.50');
    same('1234.5', 1234.5);
    same(7, '007');
    differ(12.5, '12.5 EUR');
    differ(1234.5, '1.234,50');
  });

  it('compares two strings as text even when both hold numbers', () => {
    differ('1.50', '1.5');
    same('01234', ' 01234');
  });

  it('compares date strings as dates: ISO, ISO with a time, English month names', () => {
    same('2024-01-05', '2024-01-05T00:00:00Z');
    same('2024-01-05', 'January 5, 2024');
    same('5 Jan 2024', 'jan. 5th, 2024');
    same('2024-01-05T10:00:00+01:00', '2024-01-05T09:00:00Z');
    same('2024-01-05T23:30:00-05:00', '2024-01-05');
    differ('2024-01-05', '2024-01-06');
    differ('2024-01-05', '05/01/2024');
    differ('2023-02-29', '2023-03-01');
  });

  it('compares booleans exactly, and only with booleans', () => {
    same(true, true);
    differ(true, false);
    differ(true, 'true');
    differ(false, 0);
  });

  it('counts nothing where both sides are absent: null, missing or blank', () => {
    const score = scoreExtraction({
      expected: { a: null, b: '  ', c: null },
      extracted: { a: null, b: null },
    });
    expect(score.fields).toEqual([]);
    expect(score.overall).toMatchObject({ truePositives: 0, falsePositives: 0, falseNegatives: 0, f1: 1 });
  });

  it('counts an expected value not extracted as a false negative, and the reverse as a false positive', () => {
    const score = scoreExtraction({ expected: { a: 'x', b: null }, extracted: { a: null, b: 'y', c: 3 } });
    expect(score.overall).toMatchObject({ truePositives: 0, falsePositives: 2, falseNegatives: 1 });
    expect(score.overall.precision).toBe(0);
    expect(score.differences).toEqual([
      { field: 'a', kind: 'missing', expectedPath: 'a', extractedPath: null },
      { field: 'b', kind: 'unexpected', expectedPath: null, extractedPath: 'b' },
      { field: 'c', kind: 'unexpected', expectedPath: null, extractedPath: 'c' },
    ]);
  });

  it('counts a wrong value as both a false positive and a false negative', () => {
    const score = scoreExtraction({ expected: { a: 'x', b: 'y' }, extracted: { a: 'x', b: 'z' } });
    expect(score.overall).toEqual({
      truePositives: 1,
      falsePositives: 1,
      falseNegatives: 1,
      precision: 1 / 2,
      recall: 1 / 2,
      f1: 1 / 2,
    });
    expect(score.differences).toEqual([
      { field: 'b', kind: 'different', expectedPath: 'b', extractedPath: 'b' },
    ]);
  });

  it('counts the leaves of an object where the other side has a scalar', () => {
    const score = scoreExtraction({
      expected: { vendor: { name: 'X', vat: 'Y' } },
      extracted: { vendor: 'X' },
    });
    expect(score.overall).toMatchObject({ truePositives: 0, falsePositives: 1, falseNegatives: 2 });
    expect(score.fields.map((field) => field.field)).toEqual(['vendor', 'vendor.name', 'vendor.vat']);
  });

  it('scores empty inputs as perfect, and anything extracted from nothing as false positives', () => {
    expect(scoreExtraction({ expected: {}, extracted: {} }).overall).toMatchObject({
      precision: 1,
      recall: 1,
      f1: 1,
    });
    expect(scoreExtraction({ expected: null, extracted: undefined }).fields).toEqual([]);
    expect(scoreExtraction({ expected: {}, extracted: { a: 1 } }).overall).toMatchObject({
      falsePositives: 1,
      precision: 0,
      recall: 1,
      f1: 0,
    });
    expect(scoreExtraction({ expected: 'x', extracted: 'X' }).fields).toMatchObject([
      { field: '', truePositives: 1 },
    ]);
  });

  it('writes field paths as Quarry does, quoting keys that are not identifiers', () => {
    const score = scoreExtraction({
      expected: { meta: { 'ref no': 'A' } },
      extracted: { meta: { 'ref no': 'B' } },
    });
    expect(score.differences).toEqual([
      {
        field: 'meta["ref no"]',
        kind: 'different',
        expectedPath: 'meta["ref no"]',
        extractedPath: 'meta["ref no"]',
      },
    ]);
  });
});
