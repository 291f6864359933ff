import { describe, expect, it } from 'vitest';
import { fitToSchema } from './fit-to-schema';

describe('fitToSchema', () => {
  const truth = { a: { x: 1, y: 2 }, b: [{ p: 1, q: 2 }], c: null, d: 'kept' };

  it('keeps only the properties the schema names, through objects, array items and a nullable object', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { anyOf: [{ type: 'object', properties: { x: { type: 'number' } } }, { type: 'null' }] },
        b: { type: 'array', items: { type: 'object', properties: { q: { type: 'number' } } } },
      },
    };
    expect(fitToSchema(truth, schema)).toEqual({ a: { x: 1 }, b: [{ q: 2 }] });
  });

  it('keeps the value whole when the schema names no properties or is missing', () => {
    expect(fitToSchema(truth, { type: 'object' })).toEqual(truth);
    expect(fitToSchema(truth, null)).toEqual(truth);
    expect(fitToSchema(truth, { $ref: '#/$defs/x' })).toEqual(truth);
  });
});
