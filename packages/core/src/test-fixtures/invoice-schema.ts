import { z } from 'zod';

/** An output schema with nested, nullable, optional, defaulted and array properties, for the split tests. */
export const Invoice = z
  .object({
    invoiceNumber: z.string().describe('The number printed after "Invoice"'),
    total: z.number().nonnegative(),
    vendor: z
      .object({
        name: z.string(),
        address: z.object({ street: z.string(), city: z.string().optional() }),
      })
      .describe('Who sent the invoice'),
    buyer: z.object({ name: z.string() }).nullable(),
    lineItems: z.array(z.object({ description: z.string(), amount: z.number() })),
    notes: z.string().nullable().default(null),
    currency: z.enum(['EUR', 'USD']).optional(),
  })
  .superRefine((invoice, ctx) => {
    if (invoice.total < 0) ctx.addIssue({ code: 'custom', message: 'negative' });
  });

/** The units of {@link Invoice}, in schema order. */
export const invoiceUnits = [
  'invoiceNumber',
  'total',
  'vendor.name',
  'vendor.address.street',
  'vendor.address.city',
  'buyer',
  'lineItems',
  'notes',
  'currency',
];

/** An object schema of `count` optional nullable strings `f0` … (each optional and a union). */
export function wideSchema(count: number): z.ZodObject {
  return z.object(
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, z.string().nullable().optional()])),
  );
}
