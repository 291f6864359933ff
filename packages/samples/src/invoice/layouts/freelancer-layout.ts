import type { Random } from '../../random';
import { textTable } from '../../text-layout';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** A plain-text invoice a freelancer writes by hand: hours × rate, a short note, payment details. */
export function freelancerLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const hourly = draft.units.every((unit) => unit === 'hour');
  const rows = [
    ['Description', hourly ? 'Hours' : 'Qty', hourly ? 'Rate' : 'Price', 'Amount'],
    ...t.itemRows(),
  ];
  const hours = truth.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  const month = t.date(draft.serviceDate, 'us-long').replace(/ \d+,/, '');
  return [
    vendor.name,
    `${vendor.email} · ${vendor.phone}`,
    vendor.address.join(', '),
    '',
    `INVOICE ${truth.invoiceNumber}`,
    '',
    `Date: ${t.date(truth.issueDate)}`,
    `Due:  ${t.date(truth.dueDate)} (${t.terms()})`,
    '',
    'Client:',
    `  ${customer.name}`,
    `  Attn: ${customer.attention}`,
    ...customer.address.map((line) => `  ${line}`),
    '',
    random.pick([`Work performed in ${month}:`, `Services, ${month}:`, 'For the following work:']),
    '',
    ...textTable(rows, { align: ['left', 'right', 'right', 'right'], indent: '  ' }),
    '',
    ...(hourly ? [`  Total hours: ${t.quantity(hours)}`] : []),
    `  Subtotal: ${t.money(truth.subtotal)}`,
    `  Tax: ${t.money(truth.tax)}`,
    `  TOTAL DUE (${truth.currency}): ${t.money(truth.total)}`,
    '',
    ...vendor.payment,
    random.pick(['It was a pleasure working with you!', 'Looking forward to the next project.', 'Cheers,']),
    vendor.contact,
    '',
  ].join('\n');
}
