import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toOutputJsonSchema } from './to-output-json-schema';

describe('toOutputJsonSchema', () => {
  it('removes constraints the API rejects and describes them in words', () => {
    const schema = z.object({
      vendor: z.string().min(1).max(100).describe('Seller name'),
      email: z.email().nullable(),
      issued: z.iso.date(),
      currency: z.string().regex(/^[A-Z]{3}$/),
      ref: z.cuid(),
      word: z.string().regex(/\bword\b/),
      count: z.number().int().positive(),
      ratio: z.number().gt(0).lte(10).multipleOf(0.5),
      lines: z
        .array(z.object({ amount: z.number().nonnegative(), note: z.string().optional() }))
        .min(2)
        .max(50),
      tags: z.array(z.string()).min(1),
      either: z.union([z.string(), z.number()]),
      kind: z.enum(['a', 'b']).default('a'),
    });
    expect(toOutputJsonSchema(schema)).toMatchInlineSnapshot(`
      {
        "additionalProperties": false,
        "properties": {
          "count": {
            "description": "must be > 0",
            "type": "integer",
          },
          "currency": {
            "pattern": "^[A-Z]{3}$",
            "type": "string",
          },
          "either": {
            "anyOf": [
              {
                "type": "string",
              },
              {
                "type": "number",
              },
            ],
          },
          "email": {
            "anyOf": [
              {
                "format": "email",
                "type": "string",
              },
              {
                "type": "null",
              },
            ],
          },
          "issued": {
            "format": "date",
            "type": "string",
          },
          "kind": {
            "default": "a",
            "enum": [
              "a",
              "b",
            ],
            "type": "string",
          },
          "lines": {
            "description": "must have at least 2 items; must have at most 50 items",
            "items": {
              "additionalProperties": false,
              "properties": {
                "amount": {
                  "description": "must be ≥ 0",
                  "type": "number",
                },
                "note": {
                  "type": "string",
                },
              },
              "required": [
                "amount",
              ],
              "type": "object",
            },
            "type": "array",
          },
          "ratio": {
            "description": "must be > 0; must be ≤ 10; must be a multiple of 0.5",
            "type": "number",
          },
          "ref": {
            "description": "must be in cuid format",
            "pattern": "^[cC][0-9a-z]{6,}$",
            "type": "string",
          },
          "tags": {
            "items": {
              "type": "string",
            },
            "minItems": 1,
            "type": "array",
          },
          "vendor": {
            "description": "Seller name (must be at least 1 character long; must be at most 100 characters long)",
            "type": "string",
          },
          "word": {
            "description": "must match the regular expression \\bword\\b",
            "type": "string",
          },
        },
        "required": [
          "vendor",
          "email",
          "issued",
          "currency",
          "ref",
          "word",
          "count",
          "ratio",
          "lines",
          "tags",
          "either",
        ],
        "type": "object",
      }
    `);
  });

  it('keeps the original schema for validation: the sanitized one is only what the model sees', () => {
    const schema = z.object({ n: z.number().min(5) });
    expect(JSON.stringify(toOutputJsonSchema(schema))).not.toContain('"minimum"');
    expect(schema.safeParse({ n: 1 }).success).toBe(false);
  });

  it('sets additionalProperties false on loose objects too', () => {
    const out = toOutputJsonSchema(z.looseObject({ a: z.string() }));
    expect(out.additionalProperties).toBe(false);
  });

  it('rejects records with a clear error naming where', () => {
    expect(() => toOutputJsonSchema(z.object({ totals: z.record(z.string(), z.number()) }))).toThrow(
      /#\/properties\/totals: an object with arbitrary keys/,
    );
  });
});
