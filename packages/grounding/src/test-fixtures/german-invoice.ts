import { z } from 'zod';
import { groundingPlan } from '../plan/grounding-plan';

// A German invoice with a table, a Japanese branch name and an ambiguous delivery date, with the
// reply a careful model gives (one quote slightly misspelt, one cut inside a word).
export const document = [
  'ACME Industrial Supplies GmbH · Hauptstraße 5 · 10115 Berlin',
  'Rechnung Nr.   RE-2026-0042',
  'Rechnungsdatum:\t05.03.2026      Lieferdatum: 04/03/2026',
  '| Artikel        | Menge | Betrag     |',
  '| Widget, blau   |     4 | 1.234,56 € |',
  '| Rabatt         |       |   (12,00)  |',
  'Status: bezahlt — 東京支店 発行',
].join('\n');

export const Invoice = z.object({
  vendor: z.string(),
  invoiceNumber: z.string(),
  issued: z.iso.date(),
  delivered: z.iso.date().nullable(),
  status: z.enum(['paid', 'open']),
  branch: z.string(),
  lines: z.array(z.object({ item: z.string(), qty: z.number().nullable(), amount: z.number() })),
});

export const plan = groundingPlan({
  output: Invoice,
  grounding: {
    mode: 'require',
    fields: { status: { labels: { paid: ['bezahlt'] } }, delivered: { mode: 'check' } },
  },
});

export const honest = {
  _evidence: {
    vendor: 'ACME Industrial Suplies GmbH',
    invoiceNumber: 'Rechnung Nr. RE-2026-0042',
    issued: 'Rechnungsdatum: 05.03.2026',
    delivered: 'Lieferdatum: 04/03/2026',
    status: 'Status: bezahlt',
    branch: '東京支店',
  },
  vendor: 'ACME Industrial Supplies GmbH',
  invoiceNumber: 'RE-2026-0042',
  issued: '2026-03-05',
  delivered: '2026-03-04',
  status: 'paid',
  branch: '東京支店',
  lines: [
    {
      _evidence: { item: 'Widget, blau', qty: 'Widget, blau | 4', amount: '1.234,56 €' },
      item: 'Widget, blau',
      qty: 4,
      amount: 1234.56,
    },
    {
      _evidence: { item: 'Rabat', qty: null, amount: 'Rabatt (12,00)' },
      item: 'Rabatt',
      qty: null,
      amount: -12,
    },
  ],
};
