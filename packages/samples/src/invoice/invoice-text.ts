import { type DateStyle, formatDate } from '../date-format';
import { formatMoney, formatNumber, formatQuantity } from '../number-format';
import type { InvoiceDraft } from './draft-invoice';

/** Formatting shortcuts for one draft, in its vendor's conventions. */
export function invoiceText(draft: InvoiceDraft) {
  const { money } = draft.vendor;
  return {
    /** `$1,234.50`, `1.234,50 €` */
    money: (value: number) => formatMoney(value, money),
    /** `1,234.50`, `1.234,50` (no symbol) */
    number: (value: number) => formatNumber(value, money.numbers, money.decimals),
    quantity: (value: number) => formatQuantity(value, money.numbers),
    date: (iso: string, style: DateStyle = draft.vendor.dates) => formatDate(iso, style),
    /** The tax rate as a percentage in the vendor's number style, e.g. `8.25` or `19`. */
    rate: () => formatQuantity(draft.taxRate * 100, money.numbers === 'ch' ? 'en' : money.numbers),
    /** The vendor's tax label with its rate, e.g. `Sales Tax (8.25%)`, or the bare label at 0%. */
    taxLabel: () =>
      draft.taxRate === 0 || draft.vendor.taxLabel.includes('%')
        ? draft.vendor.taxLabel
        : `${draft.vendor.taxLabel} (${formatQuantity(draft.taxRate * 100, 'en')}%)`,
    /** One row per line item: description, quantity, unit price and amount, as money. */
    itemRows: () =>
      draft.truth.lineItems.map((line) => [
        line.description,
        formatQuantity(line.quantity, money.numbers),
        formatMoney(line.unitPrice, money),
        formatMoney(line.amount, money),
      ]),
    /** English payment terms, e.g. `Net 30` or `Due on receipt`. */
    terms: () =>
      draft.terms === 'next-month-end'
        ? 'End of following month'
        : draft.terms === 0
          ? 'Due on receipt'
          : `Net ${draft.terms}`,
  };
}
