import { describe, expect, it } from 'vitest';
import { toOutputJsonSchema } from '../schema/to-output-json-schema';
import { Invoice, invoiceUnits } from '../test-fixtures/invoice-schema';
import { isAtOrUnder, outputLeafPaths } from './output-leaf-paths';

describe('outputLeafPaths', () => {
  it('recurses into objects and takes arrays, nullable objects and leaves whole, in schema order', () => {
    expect(outputLeafPaths(toOutputJsonSchema(Invoice))).toEqual(invoiceUnits);
  });

  it('has none for a schema that is not an object with properties', () => {
    expect(outputLeafPaths({ type: 'string' })).toEqual([]);
    expect(outputLeafPaths({ type: 'object', properties: {} })).toEqual([]);
  });

  it('takes an object without properties as one unit', () => {
    expect(
      outputLeafPaths({ type: 'object', properties: { meta: { type: 'object', properties: {} } } }),
    ).toEqual(['meta']);
  });
});

describe('isAtOrUnder', () => {
  it('matches whole names only', () => {
    expect(isAtOrUnder('vendor.name', 'vendor')).toBe(true);
    expect(isAtOrUnder('vendor', 'vendor')).toBe(true);
    expect(isAtOrUnder('vendorName', 'vendor')).toBe(false);
    expect(isAtOrUnder('vendor', 'vendor.name')).toBe(false);
  });
});
