import type { Random } from '../../random';
import { sideBySide, textTable, totalsBlock } from '../../text-layout';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** A UK VAT invoice: tax point, VAT rate per line, net/VAT/gross totals, company registration footer. */
export function ukVatLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const vatRate = `${t.rate()}%`;
  const rows = [
    ['Description', 'Qty', 'Unit price', 'VAT', 'Net amount'],
    ...truth.lineItems.map((line) => [
      line.description,
      t.quantity(line.quantity),
      t.money(line.unitPrice),
      vatRate,
      t.money(line.amount),
    ]),
  ];
  const table = textTable(rows, { align: ['left', 'right', 'right', 'right', 'right'], gap: 3 });
  const width = Math.max(...table.map((line) => line.length));
  const details = [
    `Invoice no:    ${truth.invoiceNumber}`,
    `Invoice date:  ${t.date(truth.issueDate)}`,
    `Tax point:     ${t.date(draft.serviceDate)}`,
    `Payment due:   ${t.date(truth.dueDate)}`,
  ];
  if (draft.poNumber) details.push(`Your ref:      ${draft.poNumber}`);
  return [
    'TAX INVOICE',
    '',
    vendor.name,
    ...vendor.address,
    `Tel: ${vendor.phone} · ${vendor.email}`,
    vendor.taxId ?? '',
    '',
    ...sideBySide(['Invoice to:', customer.name, customer.attention, ...customer.address], details, 40),
    '',
    ...table,
    '',
    ...totalsBlock(
      [
        ['Total net', t.money(truth.subtotal)],
        [`VAT at ${vatRate}`, t.money(truth.tax)],
        ['Total payable', t.money(truth.total)],
      ],
      width,
    ),
    '',
    `Terms: ${t.terms().replace('Net ', '')}${draft.terms === 0 ? '' : ' days from invoice date'}.`,
    ...vendor.payment,
    `${vendor.name} · Registered in ${random.pick(['England and Wales', 'Scotland'])} No. ${random.int(5000000, 13999999)}`,
    '',
  ].join('\n');
}
