import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groundingPlan } from './grounding-plan';

describe('the evidence schema', () => {
  it('adds an evidence object to every object with grounded fields, first and required', () => {
    const plan = groundingPlan({
      output: z.object({
        invoiceNumber: z.string(),
        paid: z.boolean(),
        note: z.string().nullable(),
        lines: z.array(z.object({ sku: z.string(), subtotal: z.number() })),
      }),
      grounding: { mode: 'require', fields: { 'lines[].subtotal': { mode: 'off' } } },
    });
    expect(plan.jsonSchema).toMatchInlineSnapshot(`
      {
        "additionalProperties": false,
        "properties": {
          "_evidence": {
            "additionalProperties": false,
            "description": "Evidence for the fields of this object: for each, the shortest passage of the document that shows its value, copied verbatim (same spelling, spacing and number format; no paraphrase). null only when the value is null or absent.",
            "properties": {
              "invoiceNumber": {
                "type": "string",
              },
              "note": {
                "anyOf": [
                  {
                    "type": "string",
                  },
                  {
                    "type": "null",
                  },
                ],
              },
            },
            "required": [
              "invoiceNumber",
              "note",
            ],
            "type": "object",
          },
          "invoiceNumber": {
            "type": "string",
          },
          "lines": {
            "items": {
              "additionalProperties": false,
              "properties": {
                "_evidence": {
                  "additionalProperties": false,
                  "description": "Evidence for the fields of this object: for each, the shortest passage of the document that shows its value, copied verbatim (same spelling, spacing and number format; no paraphrase). null only when the value is null or absent.",
                  "properties": {
                    "sku": {
                      "type": "string",
                    },
                  },
                  "required": [
                    "sku",
                  ],
                  "type": "object",
                },
                "sku": {
                  "type": "string",
                },
                "subtotal": {
                  "type": "number",
                },
              },
              "required": [
                "_evidence",
                "sku",
                "subtotal",
              ],
              "type": "object",
            },
            "type": "array",
          },
          "note": {
            "anyOf": [
              {
                "type": "string",
              },
              {
                "type": "null",
              },
            ],
          },
          "paid": {
            "type": "boolean",
          },
        },
        "required": [
          "_evidence",
          "invoiceNumber",
          "paid",
          "note",
          "lines",
        ],
        "type": "object",
      }
    `);
    expect(Object.keys(plan.jsonSchema.properties as object)[0]).toBe('_evidence');
  });

  it('gives a quote that may be null to optional and nullable fields, in nested objects too', () => {
    const plan = groundingPlan({
      output: z.object({ vendor: z.object({ name: z.string(), vatId: z.string().optional() }) }),
      grounding: 'check',
    });
    const vendor = (plan.jsonSchema.properties as Record<string, { properties: Record<string, object> }>)
      .vendor;
    expect(vendor?.properties._evidence).toMatchObject({
      properties: { name: { type: 'string' }, vatId: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      required: ['name', 'vatId'],
    });
  });
});
