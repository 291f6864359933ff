import { describe, expect, it } from 'vitest';
import { scoreExtraction } from './score-extraction';
import { ScoreInputError } from './score-input-error';

/** The error a call throws (fails the test when it throws none or another kind). */
function refusal(call: () => unknown): ScoreInputError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ScoreInputError);
    return error as ScoreInputError;
  }
  throw new Error('expected a ScoreInputError');
}

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { next: value };
  return value;
};

describe('scoreExtraction: bad and hostile input', () => {
  it('refuses nesting deeper than maxDepth (default 32), naming the side and path', () => {
    const error = refusal(() => scoreExtraction({ expected: {}, extracted: nested(40) }));
    expect(error).toMatchObject({
      name: 'ScoreInputError',
      problem: 'too-deep',
      side: 'extracted',
      limit: 32,
    });
    // The 33rd container is refused: its path has 32 keys, from the outermost array down.
    expect(error.path).toMatch(/^\[0\]\.next\[0\]/);
    expect(error.path.match(/\[0\]|next/g)).toHaveLength(32);
    expect(scoreExtraction({ expected: nested(32), extracted: nested(32) }).overall.truePositives).toBe(1);
    expect(refusal(() => scoreExtraction({ expected: nested(33), extracted: {} })).side).toBe('expected');
    expect(
      scoreExtraction({ expected: nested(40), extracted: {}, options: { maxDepth: 40 } }).overall
        .falseNegatives,
    ).toBe(1);
  });

  it('refuses nesting a hundred thousand levels deep without overflowing the stack', () => {
    expect(refusal(() => scoreExtraction({ expected: nested(100_000), extracted: {} })).problem).toBe(
      'too-deep',
    );
  });

  it('refuses a cyclic object as too deep', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(refusal(() => scoreExtraction({ expected: cyclic, extracted: {} })).problem).toBe('too-deep');
  });

  it('refuses arrays longer than maxArrayLength (default 1,000), even sparse ones', () => {
    const error = refusal(() =>
      scoreExtraction({ expected: { items: Array.from({ length: 1001 }, () => 1) }, extracted: {} }),
    );
    expect(error).toMatchObject({ problem: 'array-too-long', path: 'items', limit: 1000 });
    expect(refusal(() => scoreExtraction({ expected: {}, extracted: new Array(2 ** 32 - 1) })).problem).toBe(
      'array-too-long',
    );
    const long = { items: Array.from({ length: 1500 }, (_, index) => index) };
    expect(
      scoreExtraction({ expected: long, extracted: long, options: { maxArrayLength: 2000 } }).overall.f1,
    ).toBe(1);
  });

  it('refuses matching that would take more than maxWork comparisons', () => {
    const items = { items: Array.from({ length: 100 }, (_, index) => ({ n: index })) };
    const error = refusal(() =>
      scoreExtraction({ expected: items, extracted: items, options: { maxWork: 5000 } }),
    );
    expect(error).toMatchObject({ problem: 'too-much-work', limit: 5000 });
    expect(
      scoreExtraction({ expected: items, extracted: items, options: { maxWork: 100_000 } }).overall.f1,
    ).toBe(1);
  });

  it('refuses values JSON cannot hold, naming where', () => {
    class Invoice {
      total = 1;
    }
    const cases: [unknown, string][] = [
      [() => 1, 'a'],
      [Symbol('s'), 'a'],
      [10n, 'a'],
      [Number.NaN, 'a'],
      [Number.POSITIVE_INFINITY, 'a'],
      [new Date(0), 'a'],
      [new Map([['k', 1]]), 'a'],
      [new Invoice(), 'a'],
    ];
    for (const [value, path] of cases) {
      const error = refusal(() => scoreExtraction({ expected: { a: 1 }, extracted: { a: value } }));
      expect(error, String(typeof value)).toMatchObject({ problem: 'not-json', side: 'extracted', path });
    }
    expect(refusal(() => scoreExtraction({ expected: [{ x: [1, () => 0] }], extracted: [] })).path).toBe(
      '[0].x[1]',
    );
  });

  it('never puts input values into the message', () => {
    const error = refusal(() =>
      scoreExtraction({
        expected: { secret: 'hunter2-value' },
        extracted: { secret: 'hunter2-value', bad: 1n },
      }),
    );
    expect(error.message).not.toContain('hunter2');
    expect(error.message).toContain('extracted at bad');
  });

  it('reads undefined members as absent and array holes as null items', () => {
    expect(scoreExtraction({ expected: { a: undefined, b: 1 }, extracted: { b: 1 } }).overall.f1).toBe(1);
    // biome-ignore lint/suspicious/noSparseArray: a hole is the input under test
    expect(scoreExtraction({ expected: { t: ['x', , 'y'] }, extracted: { t: ['y', 'x'] } }).overall.f1).toBe(
      1,
    );
  });

  it('accepts objects without a prototype', () => {
    const bare = Object.assign(Object.create(null) as object, { a: 'x' });
    expect(scoreExtraction({ expected: bare, extracted: { a: 'x' } }).overall.f1).toBe(1);
  });

  it('treats keys named like Object.prototype members as plain keys', () => {
    const expected = JSON.parse('{"__proto__": {"x": 1}, "constructor": "c"}');
    expect(scoreExtraction({ expected, extracted: { constructor: 'C' } }).overall).toMatchObject({
      truePositives: 1,
      falseNegatives: 1,
    });
  });
});
