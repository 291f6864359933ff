import type { Random } from '../../random';
import { textTable, totalsBlock } from '../../text-layout';
import type { InvoiceDraft } from '../draft-invoice';
import type { Unit } from '../invoice-catalogs';
import { invoiceText } from '../invoice-text';

const UNITS: Record<Unit, string> = {
  each: 'Stk.',
  hour: 'Std.',
  day: 'Tag',
  month: 'Mon.',
  person: 'Pers.',
  m2: 'm',
  flat: 'Psch.',
};

/** A German invoice (Rechnung): sender line, address window, positions table, net/MwSt./gross. */
export function germanLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const rows = [
    ['Pos.', 'Bezeichnung', 'Menge', 'Einheit', 'Einzelpreis', 'Gesamt'],
    ...truth.lineItems.map((line, i) => [
      String(i + 1),
      line.description,
      t.quantity(line.quantity),
      UNITS[draft.units[i] ?? 'each'],
      t.money(line.unitPrice),
      t.money(line.amount),
    ]),
  ];
  const table = textTable(rows, { align: ['left', 'left', 'right', 'left', 'right', 'right'] });
  const width = Math.max(...table.map((line) => line.length));
  const meta = [
    `Rechnungsnummer:  ${truth.invoiceNumber}`,
    `Rechnungsdatum:   ${t.date(truth.issueDate)}`,
    `Leistungsdatum:   ${t.date(draft.serviceDate)}`,
    `Kundennummer:     K-${random.int(10000, 99999)}`,
  ];
  if (draft.poNumber) meta.push(`Ihre Bestellung:  ${draft.poNumber}`);
  return [
    `${vendor.name} · ${vendor.address.join(' · ')}`,
    '',
    customer.name,
    customer.attention,
    ...customer.address,
    '',
    ...meta.map((line) => `${' '.repeat(40)}${line}`),
    '',
    'RECHNUNG',
    '',
    'Sehr geehrte Damen und Herren,',
    'für die erbrachten Leistungen erlauben wir uns, Ihnen folgende Positionen in Rechnung zu stellen:',
    '',
    ...table,
    '',
    ...totalsBlock(
      [
        ['Nettobetrag', t.money(truth.subtotal)],
        [`zzgl. ${t.rate()} % MwSt.`, t.money(truth.tax)],
        ['Rechnungsbetrag', t.money(truth.total)],
      ],
      width,
    ),
    '',
    draft.terms === 0 ? 'Zahlbar sofort ohne Abzug.' : `Zahlbar ohne Abzug bis zum ${t.date(truth.dueDate)}.`,
    'Bitte geben Sie bei der Zahlung die Rechnungsnummer an.',
    '',
    'Mit freundlichen Grüßen',
    vendor.name,
    '',
    '--',
    `${vendor.name} · Tel. ${vendor.phone} · ${vendor.email}`,
    ...vendor.payment,
    `${vendor.taxId ?? ''} · Amtsgericht ${vendor.address[1]?.replace(/^\d+ /, '') ?? ''} HRB ${random.int(10000, 99999)}`,
    '',
  ].join('\n');
}
