import { describe, expect, it } from 'vitest';
import { toOutputJsonSchema } from '../schema/to-output-json-schema';
import { Invoice } from '../test-fixtures/invoice-schema';
import { splitPathProblems } from './split-path-problems';
import type { SplitSetting } from './split-setting';

const outputJsonSchema = toOutputJsonSchema(Invoice);
const problems = (setting: SplitSetting) => splitPathProblems({ setting, outputJsonSchema });

describe('splitPathProblems', () => {
  it('accepts paths the output schema holds', () => {
    expect(problems('auto')).toEqual([]);
    expect(problems('off')).toEqual([]);
    expect(
      problems({
        fields: [['invoiceNumber', 'vendor'], ['lineItems', 'buyer'], ['total']],
        arrayKeys: { lineItems: ['description', 'amount'] },
        merge: { total: 'max', 'lineItems[].amount': 'first', 'vendor.address.city': 'last' },
      }),
    ).toEqual([]);
  });

  it('names field paths the schema does not hold and paths in two groups', () => {
    expect(
      problems({
        fields: [
          ['vendor', 'totl'],
          ['vendor.name', 'lineItems.amount', 'buyer.name'],
          ['total', 'total'],
          ['lineItems'],
          ['lineItems'],
        ],
      }),
    ).toEqual([
      'split.fields[0][1]: "totl" is not a property path of the output schema',
      'split.fields[1][0]: "vendor.name" overlaps "vendor" of group 0',
      'split.fields[1][1]: "lineItems.amount" is not a property path of the output schema',
      'split.fields[1][2]: "buyer.name" is not a property path of the output schema',
      'split.fields[4][0]: "lineItems" overlaps "lineItems" of group 3',
    ]);
  });

  it('names array keys that are not arrays of objects or fields their items lack', () => {
    expect(
      problems({
        arrayKeys: { lineItems: ['description', 'sku'], total: ['x'], lines: ['x'], 'vendor.name': ['x'] },
      }),
    ).toEqual([
      'split.arrayKeys.lineItems: the items of "lineItems" have no field "sku"',
      'split.arrayKeys.total: "total" is not an array of objects',
      'split.arrayKeys.lines: "lines" is not a property path of the output schema',
      'split.arrayKeys.vendor.name: "vendor.name" is not an array of objects',
    ]);
  });

  it('names merge paths that are missing or not leaves', () => {
    expect(
      problems({
        merge: {
          'lineItems[].sku': 'max',
          vendor: 'first',
          buyer: 'first',
          lineItems: 'first',
          'total[]': 'max',
        },
      }),
    ).toEqual([
      'split.merge.lineItems[].sku: "lineItems[].sku" is not a path of the output schema',
      'split.merge.vendor: "vendor" is an object or an array; a merge rule settles a leaf',
      'split.merge.buyer: "buyer" is an object or an array; a merge rule settles a leaf',
      'split.merge.lineItems: "lineItems" is an object or an array; a merge rule settles a leaf',
      'split.merge.total[]: "total[]" is not a path of the output schema',
    ]);
  });
});
