import type { StandinReply } from '@quarry/standin';
import type { Invoice } from '@quarry/workflows';

/** Test fixture: a small German invoice as printed. */
export const acmeInvoiceText = [
  'ACME TOOLS GMBH · Hafenstraße 4 · 20457 Hamburg',
  'Invoice INV-2024-0042      Date: 05.03.2024      Due: 04.04.2024',
  'Bill to: Northwind Traders',
  '2 x Toner cartridge HP 26X    45.50    91.00',
  '3 x Service hour               80.00   240.00',
  'Subtotal 331.00 EUR   VAT 19% 62.89 EUR   Total 393.89 EUR',
].join('\n');

/** The correct extraction of {@link acmeInvoiceText}. */
export const acmeInvoice: Invoice = {
  vendorName: 'Acme Tools GmbH',
  invoiceNumber: 'INV-2024-0042',
  issueDate: '2024-03-05',
  dueDate: '2024-04-04',
  currency: 'EUR',
  lineItems: [
    { description: 'Toner cartridge HP 26X', quantity: 2, unitPrice: 45.5, amount: 91 },
    { description: 'Service hour', quantity: 3, unitPrice: 80, amount: 240 },
  ],
  subtotal: 331,
  tax: 62.89,
  total: 393.89,
};

/** A scripted stand-in reply answering `value` as JSON. */
export const json = (value: unknown): StandinReply => ({ kind: 'json', value });
