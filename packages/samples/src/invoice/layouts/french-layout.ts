import type { Random } from '../../random';
import { textTable, totalsBlock } from '../../text-layout';
import type { InvoiceDraft } from '../draft-invoice';
import { invoiceText } from '../invoice-text';

/** A French invoice (facture): legal identifiers, HT/TVA/TTC totals, late-payment notice. */
export function frenchLayout(draft: InvoiceDraft, random: Random): string {
  const { truth, vendor, customer } = draft;
  const t = invoiceText(draft);
  const rows = [['Désignation', 'Qté', 'Prix unitaire HT', 'Montant HT'], ...t.itemRows()];
  const table = textTable(rows, { align: ['left', 'right', 'right', 'right'], gap: 3 });
  const width = Math.max(...table.map((line) => line.length));
  return [
    vendor.name,
    ...vendor.address,
    `Tél. ${vendor.phone} · ${vendor.email}`,
    vendor.taxId ?? '',
    '',
    `FACTURE N° ${truth.invoiceNumber}`,
    `Date d'émission : ${t.date(truth.issueDate)}`,
    `Date d'échéance : ${t.date(truth.dueDate)}`,
    ...(draft.poNumber ? [`Référence commande : ${draft.poNumber}`] : []),
    '',
    'Client :',
    customer.name,
    customer.attention,
    ...customer.address,
    '',
    ...table,
    '',
    ...totalsBlock(
      [
        ['Total HT', t.money(truth.subtotal)],
        [`TVA ${t.rate()} %`, t.money(truth.tax)],
        ['Total TTC', t.money(truth.total)],
      ],
      width,
    ),
    '',
    `Conditions de paiement : ${random.pick(['à réception de facture, au plus tard à', 'paiement à'])} l'échéance indiquée ci-dessus.`,
    ...vendor.payment,
    'Pénalités de retard : trois fois le taux d’intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.',
    'Pas d’escompte pour paiement anticipé.',
    '',
  ].join('\n');
}
