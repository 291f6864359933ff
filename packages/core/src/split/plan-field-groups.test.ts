import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toOutputJsonSchema } from '../schema/to-output-json-schema';
import { Invoice, invoiceUnits, wideSchema } from '../test-fixtures/invoice-schema';
import { type PlanFieldGroupsOptions, planFieldGroups } from './plan-field-groups';
import { SplitInputError } from './split-input-error';

const invoice = toOutputJsonSchema(Invoice);
const fields = (count: number) => Array.from({ length: count }, (_, i) => `f${i}`);

function problemsOf(options: PlanFieldGroupsOptions): readonly string[] {
  try {
    planFieldGroups(options);
  } catch (error) {
    if (error instanceof SplitInputError) return error.problems;
    throw error;
  }
  throw new Error('expected a SplitInputError');
}

describe('planFieldGroups', () => {
  it('gives one group of every unit when the whole schema fits', () => {
    expect(planFieldGroups({ outputJsonSchema: invoice, fields: 'auto' })).toEqual([invoiceUnits]);
  });

  it('packs units greedily, in schema order, within the union and optional limits', () => {
    const schema = toOutputJsonSchema(wideSchema(30));
    expect(planFieldGroups({ outputJsonSchema: schema, fields: 'auto' })).toEqual([
      fields(16),
      fields(30).slice(16),
    ]);
    const limits = { maxOptionalParameters: 10, maxUnionParameters: 100 };
    expect(
      planFieldGroups({ outputJsonSchema: schema, fields: 'auto', limits }).map((g) => g.length),
    ).toEqual([10, 10, 10]);
  });

  it('packs within maxLeavesPerGroup', () => {
    expect(planFieldGroups({ outputJsonSchema: invoice, fields: 'auto', maxLeavesPerGroup: 4 })).toEqual([
      ['invoiceNumber', 'total', 'vendor.name', 'vendor.address.street'],
      ['vendor.address.city', 'buyer', 'lineItems', 'notes'],
      ['currency'],
    ]);
  });

  it('keeps given groups first and packs the units none covers', () => {
    expect(
      planFieldGroups({ outputJsonSchema: invoice, fields: [['lineItems'], ['vendor', 'total']] }),
    ).toEqual([['lineItems'], ['vendor', 'total'], ['invoiceNumber', 'buyer', 'notes', 'currency']]);
    expect(planFieldGroups({ outputJsonSchema: invoice, fields: [invoiceUnits] })).toEqual([invoiceUnits]);
  });

  it('names a given group over a limit, and a path the schema does not hold', () => {
    const schema = toOutputJsonSchema(wideSchema(20));
    expect(problemsOf({ outputJsonSchema: schema, fields: [['f0'], fields(20)] })).toEqual([
      `fields[1] (${fields(20).join(', ')}): 20 union-typed parameters, over 16`,
    ]);
    expect(problemsOf({ outputJsonSchema: invoice, fields: [['vendor.nme']] })).toEqual([
      'fields[0]: "vendor.nme" is not a property path of the output schema',
    ]);
    expect(problemsOf({ outputJsonSchema: invoice, fields: [['vendor']], maxLeavesPerGroup: 2 })).toEqual([
      'fields[0] (vendor): 3 fields, over 2',
    ]);
  });

  it('names a unit that alone is over a limit: it cannot be split further', () => {
    const rows = z.object({ id: z.string(), rows: z.array(wideSchema(20)) });
    expect(problemsOf({ outputJsonSchema: toOutputJsonSchema(rows), fields: 'auto' })).toEqual([
      '"rows" alone: 20 union-typed parameters, over 16; it cannot be split further',
    ]);
  });

  it.each([
    [
      { outputJsonSchema: { type: 'string' }, fields: 'auto' },
      ['outputJsonSchema: expected an object with properties'],
    ],
    [
      {
        outputJsonSchema: invoice,
        fields: 'auto',
        limits: { maxOptionalParameters: -1, maxUnionParameters: 1.5 },
      },
      [
        'limits.maxOptionalParameters: expected a whole number from 0 to 100000',
        'limits.maxUnionParameters: expected a whole number from 0 to 100000',
      ],
    ],
    [
      { outputJsonSchema: invoice, fields: 'auto', maxLeavesPerGroup: 0 },
      ['maxLeavesPerGroup: expected a whole number from 1 to 10000'],
    ],
  ])('names bad options (%#)', (options, problems) => {
    expect(problemsOf(options as PlanFieldGroupsOptions)).toEqual(problems);
  });
});
