import type { Random } from '../../random';
import { textTable, totalsBlock } from '../../text-layout';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** A Japanese qualified invoice in English: registration number, yen amounts, consumption tax. */
export function japanLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const rows = [
    ['No.', 'Description', 'Qty', 'Unit Price', 'Amount'],
    ...truth.lineItems.map((line, i) => [
      String(i + 1),
      line.description,
      t.quantity(line.quantity),
      t.money(line.unitPrice),
      t.money(line.amount),
    ]),
  ];
  const table = textTable(rows, { align: ['right', 'left', 'right', 'right', 'right'], gap: 3 });
  const width = Math.max(...table.map((line) => line.length));
  return [
    'INVOICE / 請求書',
    '',
    `${customer.name} 御中`,
    `Attn: ${customer.attention}`,
    ...customer.address,
    '',
    `Invoice No.:    ${truth.invoiceNumber}`,
    `Invoice Date:   ${t.date(truth.issueDate)}`,
    `Payment Due:    ${t.date(truth.dueDate)}`,
    '',
    `Issued by: ${vendor.name}`,
    ...vendor.address,
    `TEL ${vendor.phone}  ${vendor.email}`,
    vendor.taxId ?? '',
    '',
    random.pick([
      'We hereby invoice you as follows.',
      'Thank you for your continued business. Please find the details below.',
    ]),
    `Total Amount Due: ${t.money(truth.total)} (tax included)`,
    '',
    ...table,
    '',
    ...totalsBlock(
      [
        ['Subtotal (10% items)', t.money(truth.subtotal)],
        [vendor.taxLabel, t.money(truth.tax)],
        ['Total', t.money(truth.total)],
      ],
      width,
    ),
    '',
    ...vendor.payment,
    'Transfer fees are to be borne by the payer.',
    '',
  ].join('\n');
}
