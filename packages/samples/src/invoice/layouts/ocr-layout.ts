import type { Random } from '../../random';
import { textTable } from '../../text-layout';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** Text recognised from a scanned paper invoice: capitals, uneven spacing, stray marks, page footer. */
export function ocrLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const noisy = (line: string) => (random.chance(0.25) ? line.replace(/ /, '  ') : line);
  const rows = [
    ['QTY', 'ITEM DESCRIPTION', 'UNIT PRICE', 'EXT PRICE'],
    ...truth.lineItems.map((line) => [
      t.quantity(line.quantity),
      line.description,
      t.number(line.unitPrice),
      t.number(line.amount),
    ]),
  ];
  const table = textTable(rows, { align: ['right', 'left', 'right', 'right'], gap: 3 }).map(noisy);
  const tax = draft.taxRate > 0 ? `${vendor.taxLabel.toUpperCase()}` : 'TAX';
  return [
    vendor.name,
    ...vendor.address.map(noisy),
    `Tel ${vendor.phone}   ${vendor.email}`,
    '',
    `INVOICE${' '.repeat(random.int(20, 34))}Page 1 of 1`,
    '',
    `Invoice No: ${truth.invoiceNumber}      Date: ${t.date(truth.issueDate, 'us-short')}`,
    draft.poNumber ? `Customer PO: ${draft.poNumber}     Terms: ${t.terms()}` : `Terms: ${t.terms()}`,
    `Due Date: ${t.date(truth.dueDate, 'us-short')}`,
    '',
    'SOLD TO:',
    customer.name.toUpperCase(),
    ...customer.address.map((line) => line.toUpperCase()),
    '',
    ...table,
    '',
    `${' '.repeat(30)}SUBTOTAL      ${t.number(truth.subtotal)}`,
    `${' '.repeat(30)}${tax}     ${t.number(truth.tax)}`,
    `${' '.repeat(30)}TOTAL DUE  ${t.money(truth.total)}`,
    '',
    `ALL AMOUNTS IN ${truth.currency}   |   ${vendor.payment[0] ?? ''}`,
    random.pick(['Received by: ____________', 'Customer copy', 'ORIGINAL']),
    '',
  ].join('\n');
}
