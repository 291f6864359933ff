import { toOutputJsonSchema } from '@quarry/core';
import { SupportTicket } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { leafConstraints } from './leaf-constraints';
import { type JsonSchema, schemaAt } from './schema-at';
import { wrongValue } from './wrong-value';

const Fields = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  confidence: z.number().min(0).max(1),
  quantity: z.number().positive(),
  count: z.int().nonnegative(),
  issued: z.iso.date(),
  status: z.enum(['open', 'paid', 'void']),
  only: z.enum(['single']),
  express: z.boolean(),
  email: z.email().nullable(),
  note: z.string(),
});
const schema = toOutputJsonSchema(Fields) as JsonSchema;
const at = (field: keyof z.infer<typeof Fields>) => leafConstraints(schema, schemaAt(schema, [field]));
const draws = [0, 0.13, 0.5, 0.77, 0.999];

describe('wrongValue', () => {
  it('gives a value of the same type that still fits the field and differs from the truth', () => {
    const truths: Partial<z.infer<typeof Fields>> = {
      currency: 'EUR',
      confidence: 0.9,
      quantity: 1,
      count: 0,
      issued: '2024-02-28',
      status: 'paid',
      express: false,
      email: 'ana.lopez@example.org',
      note: 'Deliver to the back door, 2nd floor',
    };
    for (const [field, truth] of Object.entries(truths) as [keyof typeof truths, unknown][])
      for (const draw of draws) {
        const wrong = wrongValue({ value: truth, constraints: at(field), draw });
        expect(typeof wrong, `${field} at ${draw}`).toBe(typeof truth);
        expect(wrong, `${field} at ${draw}`).not.toEqual(truth);
        expect(Fields.shape[field].safeParse(wrong).success, `${field}: ${String(wrong)}`).toBe(true);
      }
  });

  it('keeps bounds it reads only from the description, whole numbers whole, and dates dates', () => {
    // toOutputJsonSchema moves `max(1)` into the description: the answer must still pass zod.
    expect(wrongValue({ value: 0.9, constraints: at('confidence'), draw: 0 })).toBe(0.65);
    expect(wrongValue({ value: 1, constraints: at('quantity'), draw: 0 })).toBe(2);
    expect(wrongValue({ value: 40, constraints: at('count'), draw: 0 })).toBe(44);
    expect(wrongValue({ value: '2024-02-28', constraints: at('issued'), draw: 0 })).toBe('2024-02-29');
    expect(wrongValue({ value: true, constraints: at('express'), draw: 0.5 })).toBe(false);
  });

  it('swaps an enum for another member and has nothing for a one-member enum or a blank string', () => {
    const swapped = draws.map((draw) => wrongValue({ value: 'paid', constraints: at('status'), draw }));
    expect(new Set(swapped)).toEqual(new Set(['open', 'void']));
    expect(wrongValue({ value: 'single', constraints: at('only'), draw: 0.3 })).toBeNull();
    expect(wrongValue({ value: '  ', constraints: at('note'), draw: 0.3 })).toBeNull();
  });

  it('fits the shipped support-ticket schema', () => {
    const ticket = toOutputJsonSchema(SupportTicket) as JsonSchema;
    const constraints = leafConstraints(ticket, schemaAt(ticket, ['confidence']));
    for (const truth of [0, 0.2, 0.5, 0.95, 1])
      for (const draw of draws) {
        const wrong = wrongValue({ value: truth, constraints, draw });
        expect(SupportTicket.shape.confidence.safeParse(wrong).success, `${truth} → ${String(wrong)}`).toBe(
          true,
        );
        expect(Math.abs((wrong as number) - truth)).toBeGreaterThan(0.005);
      }
  });
});
