import { describe, expect, it } from 'vitest';
import { canonicalText, type DocubenchValue, looseEqual } from './docubench-value';
import { exactSum } from './exact-sum';
import { normaliseDocubenchText } from './normalise-docubench';
import { roundLikePython } from './round-like-python';

describe('normaliseDocubenchText', () => {
  it('removes whitespace and everything but letters, digits and _, in lower case', () => {
    expect(normaliseDocubenchText(' ACME, Inc. ')).toBe('acmeinc');
    expect(normaliseDocubenchText('2024-01-05')).toBe('20240105');
    expect(normaliseDocubenchText('東京都 渋谷区・1')).toBe('東京都渋谷区1');
    expect(normaliseDocubenchText('a_b\u001cc')).toBe('a_bc');
    expect(normaliseDocubenchText('e\u0301')).toBe('e');
    expect(normaliseDocubenchText('-- / --')).toBe('');
  });

  it('lower-cases after removing whitespace, so a sigma inside the joined word is not final', () => {
    expect(normaliseDocubenchText('ΟΔΟΣ ΑΘΗΝΑ')).toBe('οδοσαθηνα');
    expect(normaliseDocubenchText('ΟΔΟΣ')).toBe('οδος');
  });
});

describe('roundLikePython', () => {
  it('rounds to six decimals, exact ties to the even digit', () => {
    expect(roundLikePython(8.459999999999999)).toBe(8.46);
    expect(roundLikePython(0.0078125)).toBe(0.007812);
    expect(roundLikePython(0.0234375)).toBe(0.023438);
    expect(roundLikePython(-0.0078125)).toBe(-0.007812);
    expect(roundLikePython(1.0000004)).toBe(1);
    expect(roundLikePython(1e22)).toBe(1e22);
    expect(Object.is(roundLikePython(-0), -0)).toBe(true);
  });
});

describe('exactSum', () => {
  it('rounds once, so the order of the numbers does not matter', () => {
    expect(exactSum([0.1, 0.2, 0.3])).toBe(0.6);
    expect(0.1 + 0.2 + 0.3).not.toBe(0.6);
    expect(exactSum([1e100, 1, -1e100])).toBe(1);
    expect(exactSum([])).toBe(0);
  });
});

describe('looseEqual and canonicalText', () => {
  const map = (entries: [string, DocubenchValue][]) => new Map(entries);

  it('takes true for 1 and false for 0, compares objects whatever their key order, arrays in order', () => {
    expect(looseEqual(true, 1)).toBe(true);
    expect(looseEqual(false, 0)).toBe(true);
    expect(looseEqual('1', 1)).toBe(false);
    expect(
      looseEqual(
        map([
          ['a', 1],
          ['b', [1, 2]],
        ]),
        map([
          ['b', [1, 2]],
          ['a', true],
        ]),
      ),
    ).toBe(true);
    expect(looseEqual([1, 2], [2, 1])).toBe(false);
    expect(looseEqual(null, undefined)).toBe(true);
  });

  it('writes equal text exactly for equal structure, telling true from 1', () => {
    expect(
      canonicalText([
        map([
          ['b', 1],
          ['a', 'x'],
        ]),
      ]),
    ).toBe(
      canonicalText([
        map([
          ['a', 'x'],
          ['b', 1],
        ]),
      ]),
    );
    expect(canonicalText([true])).not.toBe(canonicalText([1]));
    expect(canonicalText([-0])).not.toBe(canonicalText([0]));
  });
});
