import { addDays } from '../../date-format';
import type { Random } from '../../random';
import { sideBySide, textTable, totalsBlock } from '../../text-layout';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** A subscription invoice as billing platforms render it: header fields, amount-due banner, plan lines. */
export function saasLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const periodEnd = addDays(truth.issueDate, random.pick([30, 31]));
  const rows = [['Description', 'Qty', 'Unit price', 'Amount'], ...t.itemRows()];
  const table = textTable(rows, { align: ['left', 'right', 'right', 'right'], gap: 4 });
  const width = Math.max(...table.map((line) => line.length));
  return [
    'Invoice',
    '',
    `Invoice number    ${truth.invoiceNumber}`,
    `Date of issue     ${t.date(truth.issueDate)}`,
    `Date due          ${t.date(truth.dueDate)}`,
    '',
    ...sideBySide(
      [vendor.name, ...vendor.address, vendor.email],
      ['Bill to', customer.name, ...customer.address, customer.email],
      44,
    ),
    ...(vendor.taxId ? [vendor.taxId] : []),
    '',
    `${t.money(truth.total)} ${truth.currency} due ${t.date(truth.dueDate)}`,
    `Pay online: https://${vendor.website ?? 'billing.example'}/pay/${truth.invoiceNumber.toLowerCase()}`,
    '',
    `Billing period: ${t.date(truth.issueDate)} – ${t.date(periodEnd)}`,
    '',
    ...table,
    '',
    ...totalsBlock(
      [
        ['Subtotal', t.money(truth.subtotal)],
        [t.taxLabel(), t.money(truth.tax)],
        ['Total', t.money(truth.total)],
        ['Amount due', `${t.money(truth.total)} ${truth.currency}`],
      ],
      width,
    ),
    '',
    ...vendor.payment,
    `Questions? Contact ${vendor.email}.`,
    '',
  ].join('\n');
}
