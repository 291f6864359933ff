import { describe, expect, it } from 'vitest';
import { combineGroupOutputs, type GroupOutput } from './combine-group-outputs';
import { SplitInputError } from './split-input-error';

describe('combineGroupOutputs', () => {
  it('copies each group its paths, creating the objects on the way', () => {
    expect(
      combineGroupOutputs([
        { paths: ['total', 'vendor.name'], output: { total: 12, vendor: { name: 'ACME' } } },
        {
          paths: ['vendor.address.city', 'lineItems'],
          output: { vendor: { address: { city: 'Paris' } }, lineItems: [{ a: 1 }] },
        },
      ]),
    ).toEqual({ total: 12, vendor: { name: 'ACME', address: { city: 'Paris' } }, lineItems: [{ a: 1 }] });
  });

  it('never lets a later group overwrite a path an earlier group set', () => {
    const combined = combineGroupOutputs([
      { paths: ['total', 'vendor.name'], output: { total: 12, vendor: { name: 'ACME' } } },
      { paths: ['total', 'vendor'], output: { total: 99, vendor: { name: 'Other', city: 'X' } } },
      { paths: ['vendor.name'], output: { vendor: { name: 'Third' } } },
    ]);
    expect(combined).toEqual({ total: 12, vendor: { name: 'ACME' } });
  });

  it('copies only the group its paths, and keeps nulls but skips what is missing', () => {
    expect(
      combineGroupOutputs([
        {
          paths: ['a', 'b.c', 'd.e'],
          output: { a: null, b: { c: undefined }, d: 'not an object', extra: 1 },
        },
        { paths: ['b.c'], output: { b: { c: 3 } } },
      ]),
    ).toEqual({ a: null, b: { c: 3 } });
  });

  it('sets an own property named __proto__ without touching the prototype', () => {
    const combined = combineGroupOutputs([
      { paths: ['__proto__.x'], output: JSON.parse('{"__proto__":{"x":1}}') },
    ]);
    expect(Object.getPrototypeOf(combined)).toBe(Object.prototype);
    expect(Object.hasOwn(combined, '__proto__')).toBe(true);
  });

  it.each([
    [[], 'groups: Too small: expected array to have >=1 items'],
    [[{ paths: [], output: {} }], 'groups[0].paths: Too small: expected array to have >=1 items'],
    [[{ paths: ['a'], output: [1] }], 'groups[0].output: Invalid input: expected record, received array'],
    [[{ paths: ['a'] }], 'groups[0].output: Invalid input: expected record, received undefined'],
  ])('names bad input (%j)', (groups, problem) => {
    try {
      combineGroupOutputs(groups as GroupOutput[]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SplitInputError);
      expect((error as SplitInputError).problems).toEqual([problem]);
    }
  });
});
