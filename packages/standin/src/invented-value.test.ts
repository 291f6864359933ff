import { toOutputJsonSchema } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inventedValue } from './invented-value';
import { leafConstraints } from './leaf-constraints';
import { type JsonSchema, schemaAt } from './schema-at';

const Fields = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  confidence: z.number().min(0).max(1),
  quantity: z.number().positive(),
  count: z.int().nonnegative(),
  issued: z.iso.date(),
  stamped: z.iso.datetime(),
  status: z.enum(['open', 'paid', 'void']),
  express: z.boolean(),
  email: z.email().nullable(),
  note: z.string().nullable(),
});
const schema = toOutputJsonSchema(Fields) as JsonSchema;
const at = (field: keyof z.infer<typeof Fields>) => leafConstraints(schema, schemaAt(schema, [field]));
const draws = [0, 0.13, 0.5, 0.77, 0.999];

describe('inventedValue', () => {
  it('makes up a value that fits the field, or null where it cannot', () => {
    for (const field of Object.keys(Fields.shape) as (keyof typeof Fields.shape)[])
      for (const draw of draws) {
        const invented = inventedValue({ constraints: at(field), draw });
        expect(invented, `${field} at ${draw}`).not.toBeNull();
        expect(Fields.shape[field].safeParse(invented).success, `${field}: ${String(invented)}`).toBe(true);
      }
    const ipv6 = { type: 'string', format: 'ipv6' };
    expect(inventedValue({ constraints: leafConstraints(ipv6, ipv6), draw: 0.5 })).toBeNull();
    const code = { type: 'string', pattern: '^[a-z]{12}$' };
    expect(inventedValue({ constraints: leafConstraints(code, code), draw: 0.5 })).toBeNull();
  });
});
