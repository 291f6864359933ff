import type { Random } from '../../random';
import { sideBySide, textTable, totalsBlock } from '../../text-layout';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** A North-American style invoice: letterhead, meta block on the right, ruled item table. */
export function classicLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const title = random.pick(['INVOICE', 'I N V O I C E', 'Invoice']);
  const meta: string[] = [
    `Invoice #:   ${truth.invoiceNumber}`,
    `Date:        ${t.date(truth.issueDate)}`,
    `Due Date:    ${t.date(truth.dueDate)}`,
    `Terms:       ${t.terms()}`,
  ];
  if (draft.poNumber) meta.push(`PO #:        ${draft.poNumber}`);
  const letterhead = [vendor.name, ...vendor.address, vendor.phone, vendor.email];
  if (vendor.taxId) letterhead.push(vendor.taxId);

  const rows = [['DESCRIPTION', 'QTY', 'UNIT PRICE', 'AMOUNT'], ...t.itemRows()];
  const table = textTable(rows, { align: ['left', 'right', 'right', 'right'], gap: 4 });
  const width = Math.max(...table.map((line) => line.length), 72);
  const rule = '-'.repeat(width);
  const totals = totalsBlock(
    [
      ['Subtotal', t.money(truth.subtotal)],
      [t.taxLabel(), t.money(truth.tax)],
      [random.pick(['TOTAL', 'Total Due', 'BALANCE DUE']), t.money(truth.total)],
    ],
    width,
  );

  return [
    ...sideBySide(letterhead, [title, '', ...meta], 46),
    '',
    'BILL TO',
    customer.name,
    customer.attention,
    ...customer.address,
    '',
    table[0] ?? '',
    rule,
    ...table.slice(1),
    rule,
    ...totals,
    '',
    `All amounts in ${truth.currency}.`,
    ...vendor.payment,
    random.pick([
      'Thank you for your business!',
      'We appreciate your prompt payment.',
      'Questions? Reply to this invoice.',
    ]),
    '',
  ].join('\n');
}
