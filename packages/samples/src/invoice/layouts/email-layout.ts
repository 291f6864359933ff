import type { Random } from '../../random';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** An invoice sent as the body of an email, line items as a bullet list. */
export function emailLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const firstName = customer.attention.split(/[ ,]/)[0] ?? '';
  const greeting =
    /^[A-Z][a-z]+$/.test(firstName) && !/^(Accounts|Office|Procurement|Finance)$/.test(firstName)
      ? `Hi ${firstName},`
      : 'Hello,';
  const lines = truth.lineItems.map(
    (line) =>
      `  - ${line.description}: ${t.quantity(line.quantity)} × ${t.money(line.unitPrice)} = ${t.money(line.amount)}`,
  );
  return [
    `From: ${vendor.name} <${vendor.email}>`,
    `To: ${customer.email}`,
    `Date: ${t.date(truth.issueDate, 'email')} ${String(random.int(8, 17)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}`,
    `Subject: Invoice ${truth.invoiceNumber} from ${vendor.name}`,
    '',
    greeting,
    '',
    `${random.pick(['Please find our invoice', 'Here is invoice', 'Below is invoice'])} ${truth.invoiceNumber}, issued ${t.date(truth.issueDate)}. ` +
      `Payment is due by ${t.date(truth.dueDate)}.`,
    ...(draft.poNumber ? [`Your purchase order: ${draft.poNumber}`] : []),
    '',
    ...lines,
    '',
    `Subtotal: ${t.money(truth.subtotal)}`,
    `${t.taxLabel()}: ${t.money(truth.tax)}`,
    `Total due: ${t.money(truth.total)} (${truth.currency})`,
    '',
    ...vendor.payment,
    '',
    random.pick(['Best regards,', 'Kind regards,', 'Thanks,']),
    vendor.contact,
    vendor.name,
    `${vendor.phone}${vendor.website ? ` | ${vendor.website}` : ''}`,
    ...(vendor.taxId ? [vendor.taxId] : []),
    '',
  ].join('\n');
}
