import { describe, expect, it } from 'vitest';
import { correctedFields, correctionObservations, MAX_CORRECTED_FIELDS } from './corrected-fields';

describe('correctedFields', () => {
  it('lists the leaf paths that differ: changed, added, removed, and changed in kind', () => {
    const extracted = {
      total: 10,
      vendor: { name: 'Acme', vat: 'x' },
      lines: [{ a: 1 }, { a: 2 }],
      note: 'n',
    };
    const expected = {
      total: 12,
      vendor: { name: 'Acme' },
      lines: [{ a: 1 }, { a: 3 }, { a: 4 }],
      note: { text: 'n' },
      due: null,
    };
    // In the order of the corrected output's keys, then the extracted one's other keys.
    expect(correctedFields({ extracted, expected })).toEqual([
      { path: 'total', extracted: 10, expected: 12 },
      { path: 'vendor.vat', extracted: 'x', expected: undefined },
      { path: 'lines[1].a', extracted: 2, expected: 3 },
      { path: 'lines[2]', extracted: undefined, expected: { a: 4 } },
      { path: 'note', extracted: 'n', expected: { text: 'n' } },
      { path: 'due', extracted: undefined, expected: null },
    ]);
    expect(correctedFields({ extracted: { a: [1] }, expected: { a: [1] } })).toEqual([]);
    expect(correctedFields({ extracted: 1, expected: 2 })).toEqual([{ path: '', extracted: 1, expected: 2 }]);
  });

  it('stops at the bound', () => {
    const many = (value: number) =>
      Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, value]));
    expect(correctedFields({ extracted: many(1), expected: many(2) })).toHaveLength(MAX_CORRECTED_FIELDS);
  });
});

describe('correctionObservations', () => {
  it('signs each field as corrected in review, normalising indices, with short neutral examples', () => {
    const observations = correctionObservations([
      { path: 'lines[3].amount', extracted: 10, expected: 12 },
      { path: 'vendor', extracted: undefined, expected: 'Acme\u001b[31m\u202eevil' },
      { path: 'notes', extracted: 'x'.repeat(5000), expected: undefined },
      { path: '', extracted: 1, expected: 2 },
    ]);
    expect(observations).toEqual([
      {
        signature: 'review:lines[].amount:corrected',
        example: 'lines[3].amount was corrected in review: extracted 10, expected 12',
      },
      {
        signature: 'review:vendor:corrected',
        example: 'vendor was corrected in review: extracted nothing, expected "Acme\\u001b[31m\\u202eevil"',
      },
      {
        signature: 'review:notes:corrected',
        example: `notes was corrected in review: extracted "${'x'.repeat(58)}…, expected nothing`,
      },
      {
        signature: 'review::corrected',
        example: 'the output was corrected in review: extracted 1, expected 2',
      },
    ]);
    for (const { example } of observations) expect(example.length).toBeLessThan(260);
  });
});
