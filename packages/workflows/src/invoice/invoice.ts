import { z } from 'zod';

const amount = (description: string) => z.number().nonnegative().describe(description);

/** One billed line of an invoice. */
export const InvoiceLineItem = z.object({
  description: z.string().min(1).describe('The line text as printed, e.g. "Toner cartridge HP 26X"'),
  quantity: z.number().positive().describe('Quantity, hours or units billed; a number greater than 0'),
  unitPrice: amount('Price of one unit, before tax'),
  amount: amount('Line total before tax: quantity × unitPrice'),
});
export type InvoiceLineItem = z.infer<typeof InvoiceLineItem>;

/** The data extracted from an invoice (`invoice` workflow, versions 1 and 2). */
export const Invoice = z.object({
  vendorName: z.string().min(1).describe('Legal or trading name of the company that issued the invoice'),
  invoiceNumber: z.string().min(1).describe('The invoice number exactly as printed'),
  issueDate: z.iso.date().describe('Date the invoice was issued, YYYY-MM-DD'),
  dueDate: z.iso.date().describe('Date payment is due, YYYY-MM-DD'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'currency must be a 3-letter ISO 4217 code in upper case, e.g. EUR' })
    .describe('ISO 4217 currency code, e.g. USD, EUR, GBP'),
  lineItems: z.array(InvoiceLineItem).min(1).describe('Every billed line, in document order'),
  subtotal: amount('Sum of the line amounts, before tax'),
  tax: amount('Total tax (VAT, GST, sales tax); 0 when none is charged'),
  total: amount('Amount payable: subtotal + tax'),
});
export type Invoice = z.infer<typeof Invoice>;
