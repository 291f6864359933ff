import type { Random } from '../../random';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** A Markdown export from an invoicing tool: key/value table, item table, totals table. */
export function pipeTableLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const items = truth.lineItems.map(
    (line, i) =>
      `| ${i + 1} | ${line.description} | ${t.quantity(line.quantity)} | ${t.number(line.unitPrice)} | ${t.number(line.amount)} |`,
  );
  return [
    `# Invoice ${truth.invoiceNumber}`,
    '',
    `**${vendor.name}**  `,
    `${vendor.address.join(', ')}  `,
    `${vendor.email} · ${vendor.phone}${vendor.taxId ? ` · ${vendor.taxId}` : ''}`,
    '',
    '| Field | Value |',
    '|---|---|',
    `| Invoice number | ${truth.invoiceNumber} |`,
    `| Issue date | ${t.date(truth.issueDate, 'iso')} |`,
    `| Due date | ${t.date(truth.dueDate, 'iso')} |`,
    `| Currency | ${truth.currency} |`,
    ...(draft.poNumber ? [`| Purchase order | ${draft.poNumber} |`] : []),
    '',
    `**Bill to:** ${customer.name}, ${customer.attention}, ${customer.address.join(', ')}`,
    '',
    `| # | Description | Qty | Unit price (${truth.currency}) | Amount (${truth.currency}) |`,
    '|---|---|--:|--:|--:|',
    ...items,
    '',
    '| | |',
    '|---|--:|',
    `| Subtotal | ${t.number(truth.subtotal)} |`,
    `| ${t.taxLabel()} | ${t.number(truth.tax)} |`,
    `| **Total** | **${t.money(truth.total)}** |`,
    '',
    `_${random.pick(['Payment terms', 'Terms'])}: ${t.terms()}. ${vendor.payment.join(' ')}_`,
    '',
  ].join('\n');
}
