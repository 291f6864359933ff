import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { createGrounder } from './create-grounder';

const grounder = createGrounder({
  output: invoiceWorkflow.output,
  grounding: invoiceWorkflow.grounding ?? 'off',
})!;

const english = [
  'ACME Industrial Supplies Ltd',
  'Invoice No: INV-2026-0042',
  'Invoice date: 2026-03-02',
  'Due date: 2026-04-01',
  'Your PO 4412',
  'Bill to: Globex Corp',
  'Toner cartridge, 7 boxes delivered to the loading dock at the north gate of the warehouse, signed for by the night shift',
  'Subtotal: 1,000.00',
  'VAT 20%: 200.00',
  'Total: 1,200.00',
].join('\n');

const values = {
  vendorName: 'ACME Industrial Supplies Ltd',
  invoiceNumber: 'INV-2026-0042',
  issueDate: '2026-03-02',
  total: 1200,
};
const quotes = {
  vendorName: 'ACME Industrial Supplies Ltd',
  invoiceNumber: 'Invoice No: INV-2026-0042',
  issueDate: 'Invoice date: 2026-03-02',
  total: 'Total: 1,200.00',
};

function reply(value: Partial<typeof values>, quote: Partial<typeof quotes>, document = english) {
  const data = {
    ...values,
    dueDate: '2026-04-01',
    currency: 'EUR',
    tax: 0,
    subtotal: 1000,
    lineItems: [{ description: 'Toner cartridge', quantity: 7, unitPrice: 100, amount: 700 }],
    ...value,
  };
  const verdict = grounder.check({ document, data, evidence: { ...quotes, ...quote } });
  const confidence = grounder.confidence([verdict.fields]);
  return { verdict, confidence, statuses: Object.fromEntries(verdict.fields.map((f) => [f.path, f.status])) };
}

function refused(path: string, outcome: ReturnType<typeof reply>): string {
  expect(outcome.statuses[path]).toBe('mismatch');
  expect(outcome.confidence.confidence[path]).toBe(0);
  const issue = outcome.verdict.issues.find((found) => found.path === path);
  expect(issue?.code).toBe('mismatch');
  return issue?.message ?? '';
}

describe('row 147: a grounded field is bound to its own evidence (shipped invoice workflow)', () => {
  it('row 147: grounds the true values, each quoted with its own label, exactly at confidence 1', () => {
    const outcome = reply({}, {});
    expect(outcome.verdict.issues).toEqual([]);
    expect(Object.values(outcome.statuses)).toEqual(['grounded', 'grounded', 'grounded', 'grounded']);
    expect(Object.values(outcome.confidence.confidence)).toEqual([1, 1, 1, 1]);
  });

  it('row 147: refuses total 1000 quoted from "Subtotal: 1,000.00", naming the subtotal', () => {
    const message = refused('total', reply({ total: 1000 }, { total: 'Subtotal: 1,000.00' }));
    expect(message).toContain('labelled "Subtotal", which belongs to subtotal');
  });

  it('row 147: refuses total 0.2 quoted from "VAT 20%"', () => {
    expect(refused('total', reply({ total: 0.2 }, { total: 'VAT 20%' }))).toContain('which belongs to tax');
  });

  it('row 147: refuses invoiceNumber 4412 quoted from "Your PO 4412"', () => {
    const message = refused(
      'invoiceNumber',
      reply({ invoiceNumber: '4412' }, { invoiceNumber: 'Your PO 4412' }),
    );
    expect(message).toContain('which belongs to orderNumber');
  });

  it.each(['PO #:        PO-56694', 'PO No. PO-56694', 'Order number: PO-56694'])(
    'row 147: refuses an order number quoted as the invoice number from "%s" (a general number label after an order label)',
    (line) => {
      const document = english.replace('Your PO 4412', line);
      const outcome = reply({ invoiceNumber: 'PO-56694' }, { invoiceNumber: line }, document);
      expect(refused('invoiceNumber', outcome)).toContain('which belongs to orderNumber');
    },
  );

  it('row 147: refuses the due date as the issue date', () => {
    const message = refused(
      'issueDate',
      reply({ issueDate: '2026-04-01' }, { issueDate: 'Due date: 2026-04-01' }),
    );
    expect(message).toContain('which belongs to dueDate');
  });

  it('row 147: refuses the customer as the vendor', () => {
    const message = refused(
      'vendorName',
      reply({ vendorName: 'Globex Corp' }, { vendorName: 'Bill to: Globex Corp' }),
    );
    expect(message).toContain('which belongs to customer');
  });

  it('row 147: refuses an invented total 7 quoted from a long passage holding "7 boxes"', () => {
    const passage =
      'Toner cartridge, 7 boxes delivered to the loading dock at the north gate of the warehouse';
    const message = refused('total', reply({ total: 7 }, { total: passage }));
    expect(message).toContain('quote the passage labelled "total"');
  });

  it('row 147: flags a value whose quote carries none of its labels: ambiguous, confidence 0.7, a review reason', () => {
    const document = `${english}\nPayable now\n\n1,200.00`;
    const outcome = reply({}, { total: '1,200.00\n' }, document.replace('Total: 1,200.00', 'Thank you'));
    expect(outcome.statuses.total).toBe('ambiguous');
    expect(outcome.confidence.confidence.total).toBe(0.7);
    expect(outcome.verdict.issues).toEqual([]);
    expect(outcome.verdict.reviewReasons).toEqual([
      expect.stringContaining('grounding: total: the quote for total carries none of its labels'),
    ]);
  });

  it('row 147: the evidence schema tells the model the labels of each field that has some', () => {
    const evidence = (grounder.outputSchema as { properties: Record<string, { properties: object }> })
      .properties._evidence?.properties as Record<string, { description?: string }>;
    expect(evidence.total?.description).toBe(
      'Quote the passage that carries this field\'s own label (such as "total", "total due", "amount due", "balance due") with the value it introduces.',
    );
  });

  it("row 147: refuses a number that another field's label introduces inside a quote that also holds the total's", () => {
    const message = refused('total', reply({ total: 200 }, { total: 'VAT 20%: 200.00\nTotal: 1,200.00' }));
    expect(message).toContain('which belongs to tax');
  });

  it('row 147: bounds a quote for one value in length, with or without label terms', () => {
    const long = english.slice(0, english.indexOf('Subtotal'));
    expect(refused('vendorName', reply({}, { vendorName: long }))).toContain('characters long');
  });

  it.each([
    [
      'German',
      'Muster GmbH\nRechnungsnummer: RE-7\nRechnungsdatum: 02.03.2026\nZwischensumme: 1.000,00 €\nGesamtbetrag: 1.200,00 €',
      'Rechnungsnummer: RE-7',
      'Rechnungsdatum: 02.03.2026',
      'Gesamtbetrag: 1.200,00 €',
      'Zwischensumme: 1.000,00 €',
    ],
    [
      'French',
      'Dupont SARL\nFacture n° F-7\nDate de facture : 25/03/2026\nSous-total : 1 000,00 €\nTotal TTC : 1 200,00 €',
      'Facture n° F-7',
      'Date de facture : 25/03/2026',
      'Total TTC : 1 200,00 €',
      'Sous-total : 1 000,00 €',
    ],
    [
      'Spanish',
      'García SL\nNúmero de factura: F-7\nFecha de factura: 25/03/2026\nBase imponible: 1.000,00 €\nImporte total: 1.200,00 €',
      'Número de factura: F-7',
      'Fecha de factura: 25/03/2026',
      'Importe total: 1.200,00 €',
      'Base imponible: 1.000,00 €',
    ],
  ])(
    'row 147: grounds true %s values under their own labels, and refuses the subtotal as the total',
    (_, document, number, date, total, subtotal) => {
      const vendorName = document.split('\n')[0]!;
      const issueDate = date.includes('25/03') ? '2026-03-25' : '2026-03-02';
      const invoiceNumber = number.split(/[:°]\s*/).at(-1)!;
      const honest = reply(
        { vendorName, invoiceNumber, issueDate, total: 1200 },
        { vendorName, invoiceNumber: number, issueDate: date, total },
        document,
      );
      expect(honest.verdict.issues).toEqual([]);
      expect(Object.values(honest.confidence.confidence)).toEqual([1, 1, 1, 1]);
      const swapped = reply(
        { vendorName, invoiceNumber, issueDate, total: 1000 },
        { vendorName, invoiceNumber: number, issueDate: date, total: subtotal },
        document,
      );
      expect(refused('total', swapped), JSON.stringify(swapped.verdict.issues)).toContain(
        'which belongs to subtotal',
      );
    },
  );
});
