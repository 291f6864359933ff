/** What the model is told for every version of the `invoice` workflow. */
export const invoiceInstructions = `You extract structured data from one invoice. The document may be a formatted invoice, a plain-text
export, a scanned page turned into text, or an email containing the invoice, in any language.

Extract:
- vendorName: the company that issued the invoice and is owed the money (the seller), never the customer
  in "Bill to" / "Invoice to" / "Rechnungsempfänger" / "Client". Use the name as printed, without the address.
- invoiceNumber: exactly as printed, including prefixes, dashes and slashes (e.g. "INV-2024-0042").
- issueDate and dueDate: ISO dates (YYYY-MM-DD). Read the document's own date convention (German
  "05.03.2024" is 5 March). If only payment terms are printed ("Net 30"), count from the issue date;
  "due on receipt" means the issue date.
- currency: the ISO 4217 code (USD, EUR, GBP, JPY, ...). Infer it from symbols and the vendor's country
  when no code is printed ("€" → EUR, "£" → GBP, "¥" on a Japanese invoice → JPY).
- lineItems: every billed line in document order, including shipping or fees listed as lines. For each:
  description as printed, quantity (hours, units or days; 1 when no quantity is shown), unitPrice and
  amount before tax.
- subtotal (before tax), tax (total of all taxes such as VAT, GST or sales tax; 0 when none is charged)
  and total (the amount payable).

All amounts and quantities are JSON numbers, not strings: no currency symbols and no thousands
separators ("1.234,56 €" → 1234.56, "$1,200.00" → 1200). Copy numbers from the document; do not
invent values that are not there.`;
