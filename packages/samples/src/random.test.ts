import { describe, expect, it } from 'vitest';
import { Random } from './random';

const draw = (seed: number) => {
  const random = new Random(seed);
  return Array.from({ length: 5 }, () => random.next());
};

describe('Random', () => {
  it('repeats its sequence for the same seed and differs for another', () => {
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('draws integers within both bounds and reaches them', () => {
    const random = new Random(1);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(3, 6)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('shuffles without losing elements and samples distinct ones', () => {
    const random = new Random(7);
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(random.shuffle(items).sort()).toEqual(items);
    const picked = random.sample(items, 5);
    expect(new Set(picked).size).toBe(5);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => new Random(1).pick([])).toThrow(RangeError);
  });
});
