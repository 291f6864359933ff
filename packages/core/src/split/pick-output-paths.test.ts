import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toOutputJsonSchema } from '../schema/to-output-json-schema';
import { Invoice, invoiceUnits } from '../test-fixtures/invoice-schema';
import { pickJsonSchemaPaths } from './pick-json-schema-paths';
import { pickOutputPaths } from './pick-output-paths';
import { SplitInputError } from './split-input-error';

const invoice = {
  invoiceNumber: 'A-1',
  total: 12,
  vendor: { name: 'ACME', address: { street: '1 Road', city: 'Paris' } },
  buyer: null,
  lineItems: [{ description: 'Nails', amount: 12 }],
  notes: null,
};

describe('pickOutputPaths', () => {
  it('keeps only the picked paths, nested objects with their picked children', () => {
    const picked = pickOutputPaths(Invoice, ['total', 'vendor.address.city', 'lineItems']);
    expect(picked.parse(invoice)).toEqual({
      total: 12,
      vendor: { address: { city: 'Paris' } },
      lineItems: [{ description: 'Nails', amount: 12 }],
    });
    expect(picked.safeParse({ total: 12, vendor: { address: {} } }).success).toBe(false);
    expect(picked.safeParse({ total: 12, vendor: { address: {} }, lineItems: [] }).success).toBe(true);
  });

  it('keeps descriptions, wrappers and whole arrays', () => {
    const json = toOutputJsonSchema(
      pickOutputPaths(Invoice, ['invoiceNumber', 'vendor.name', 'notes', 'buyer']),
    );
    const properties = json.properties as Record<string, Record<string, unknown>>;
    expect(properties.invoiceNumber?.description).toBe('The number printed after "Invoice"');
    expect(properties.vendor?.description).toBe('Who sent the invoice');
    expect(properties.notes).toMatchObject({ default: null });
    expect(json.required).toEqual(['invoiceNumber', 'vendor', 'buyer']);
    const optional = pickOutputPaths(z.object({ a: z.object({ b: z.string(), c: z.string() }).optional() }), [
      'a.b',
    ]);
    expect(optional.parse({})).toEqual({});
    expect(optional.parse({ a: { b: 'x' } })).toEqual({ a: { b: 'x' } });
  });

  it('takes a path through a nullable object', () => {
    const picked = pickOutputPaths(Invoice, ['buyer.name']);
    expect(picked.parse({ buyer: null })).toEqual({ buyer: null });
    expect(picked.parse({ buyer: { name: 'B' } })).toEqual({ buyer: { name: 'B' } });
  });

  it('drops the refinements of a picked object, which may read fields not picked', () => {
    const refined = z.object({ a: z.number(), b: z.number() }).refine((o) => o.a < o.b, 'a before b');
    expect(pickOutputPaths(refined, ['a']).parse({ a: 5 })).toEqual({ a: 5 });
  });

  it('gives the JSON Schema the planner computes from the JSON Schema alone', () => {
    const groups = [
      invoiceUnits,
      ['total'],
      ['vendor'],
      ['vendor.address.city', 'currency'],
      ['buyer', 'notes'],
    ];
    for (const paths of groups) {
      expect(toOutputJsonSchema(pickOutputPaths(Invoice, paths))).toEqual(
        pickJsonSchemaPaths(toOutputJsonSchema(Invoice), paths),
      );
    }
  });

  it.each([
    [['total', 'totl'], ['paths[1]: "totl" is not a property path of the output schema']],
    [['lineItems.amount'], ['paths[0]: "lineItems.amount" is not a property path of the output schema']],
    [['total.value'], ['paths[0]: "total.value" is not a property path of the output schema']],
    [[''], ['paths[0]: "" is not a property path of the output schema']],
    [[42], ['paths[0]: number is not a property path of the output schema']],
    [[], ['paths: at least one output path']],
  ])('names a path the schema does not hold (%j)', (paths, problems) => {
    try {
      pickOutputPaths(Invoice, paths as string[]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SplitInputError);
      expect((error as SplitInputError).problems).toEqual(problems);
    }
  });
});
