import { GroundingConfigError, toOutputJsonSchema } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groundingPlan } from './grounding-plan';

const Invoice = z.object({
  invoiceNumber: z.string(),
  issued: z.iso.date(),
  status: z.enum(['paid', 'open']),
  paid: z.boolean(),
  total: z.number(),
  note: z.string().nullable(),
  lines: z.array(z.object({ sku: z.string(), qty: z.number().int(), subtotal: z.number() })),
  vendor: z.object({ name: z.string(), vatId: z.string().optional() }),
});

describe('groundingPlan', () => {
  it('lists the grounded leaves with their kind, mode and nullability, in schema order', () => {
    const plan = groundingPlan({
      output: Invoice,
      grounding: {
        mode: 'require',
        fields: { total: { mode: 'off' }, 'lines[].subtotal': { mode: 'off' }, vendor: { mode: 'check' } },
      },
    });
    expect(
      plan.fields.map((f) => `${f.pattern} ${f.kind} ${f.mode}${f.nullable ? ' nullable' : ''}`),
    ).toEqual([
      'invoiceNumber string require',
      'issued date require',
      'status enum require',
      'note string require nullable',
      'lines[].sku string require',
      'lines[].qty number require',
      'vendor.name string check',
      'vendor.vatId string check nullable',
    ]);
  });

  it('leaves the model schema untouched when grounding is off, and does not change the cached one', () => {
    const before = JSON.stringify(toOutputJsonSchema(Invoice));
    expect(groundingPlan({ output: Invoice }).jsonSchema).toBe(toOutputJsonSchema(Invoice));
    expect(groundingPlan({ output: Invoice, grounding: 'off' }).fields).toEqual([]);
    groundingPlan({ output: Invoice, grounding: 'require' });
    expect(JSON.stringify(toOutputJsonSchema(Invoice))).toBe(before);
  });

  it('grounds only the named fields when the workflow is off and a field turns it on', () => {
    const plan = groundingPlan({
      output: Invoice,
      grounding: {
        mode: 'off',
        fields: { invoiceNumber: { mode: 'require' }, 'lines[]': { mode: 'check' } },
      },
    });
    expect(plan.fields.map((f) => f.pattern)).toEqual([
      'invoiceNumber',
      'lines[].sku',
      'lines[].qty',
      'lines[].subtotal',
    ]);
    expect(plan.shape?.type).toBe('object');
  });

  it('resolves settings from the workflow down to the most specific key', () => {
    const plan = groundingPlan({
      output: Invoice,
      grounding: {
        mode: 'check',
        dateOrder: 'month-first',
        reviewBelow: 0.5,
        fields: {
          issued: { dateOrder: 'day-first', reviewBelow: 0.9 },
          status: { labels: { paid: ['settled', 'bezahlt'] } },
          invoiceNumber: { kind: 'number' },
        },
      },
    });
    const by = Object.fromEntries(plan.fields.map((f) => [f.pattern, f]));
    expect(by.issued).toMatchObject({ dateOrder: 'day-first', reviewBelow: 0.9, mode: 'check' });
    expect(by['lines[].sku']).toMatchObject({ dateOrder: 'month-first', reviewBelow: 0.5 });
    expect(by.status).toMatchObject({
      enumValues: ['paid', 'open'],
      labels: { paid: ['settled', 'bezahlt'] },
    });
    expect(by.invoiceNumber?.kind).toBe('number');
  });

  it('grounds array items at the root and nullable nested objects', () => {
    const plan = groundingPlan({
      output: z.object({ payer: z.object({ iban: z.string() }).nullable() }),
      grounding: 'require',
    });
    expect(plan.fields.map((f) => f.pattern)).toEqual(['payer.iban']);
    const payer = (plan.jsonSchema.properties as Record<string, { anyOf: { properties?: object }[] }>).payer;
    expect(Object.keys(payer?.anyOf[0]?.properties ?? {})).toEqual(['_evidence', 'iban']);
  });

  it('names every problem of a setting that does not fit the schema', () => {
    const attempt = () =>
      groundingPlan({
        output: Invoice,
        grounding: {
          mode: 'require',
          fields: {
            'lines[].skuu': { mode: 'off' },
            paid: { mode: 'require' },
            total: { labels: { x: ['y'] } },
            status: { labels: { refunded: ['returned'] }, kind: 'string' },
          },
        },
      });
    expect(attempt).toThrow(GroundingConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as GroundingConfigError).problems).toMatchInlineSnapshot(`
        [
          "grounding.fields["lines[].skuu"]: the output schema has no field "lines[].skuu" (fields: invoiceNumber, issued, status, paid, total, note, lines, lines[], lines[].sku, lines[].qty, lines[].subtotal, vendor, vendor.name, vendor.vatId)",
          "grounding.fields["paid"]: "paid" cannot be grounded (booleans, constants and unions have no quote)",
          "grounding.fields["total"]: labels are for enum fields, and "total" is not one",
          "grounding.fields["status"]: labels name values the enum does not have: refunded (values: paid, open)",
          "grounding.fields["status"]: kind is for string and number fields, and "status" is not one",
        ]
      `);
    }
  });

  it('refuses a schema that already has an _evidence property where evidence would go', () => {
    expect(() =>
      groundingPlan({ output: z.object({ _evidence: z.string(), a: z.string() }), grounding: 'require' }),
    ).toThrow(/\(root\): the output schema has its own "_evidence" property/);
  });
});
