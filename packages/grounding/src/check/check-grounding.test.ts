import { issueSignature } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { groundingPlan } from '../plan/grounding-plan';
import { splitEvidence } from '../split/split-evidence';
import { document, honest, Invoice, plan } from '../test-fixtures/german-invoice';
import { checkGrounding } from './check-grounding';

function check(reply: unknown) {
  const { data, evidence } = splitEvidence({ plan, reply });
  return checkGrounding({ plan, document, data: Invoice.parse(data), evidence });
}

describe('checkGrounding', () => {
  it('grounds honest values, with provenance indexing the original document exactly', () => {
    const result = check(honest);
    expect(result.issues).toEqual([]);
    const spans = Object.fromEntries(
      Object.entries(result.provenance).map(([path, p]) => [
        path,
        `${p.match}: ${document.slice(p.start, p.end)}`,
      ]),
    );
    expect(spans).toMatchInlineSnapshot(`
      {
        "branch": "exact: 東京支店",
        "delivered": "exact: Lieferdatum: 04/03/2026",
        "invoiceNumber": "normalised: Rechnung Nr.   RE-2026-0042",
        "issued": "normalised: Rechnungsdatum:	05.03.2026",
        "lines[0].amount": "exact: 1.234,56 €",
        "lines[0].item": "exact: Widget, blau",
        "lines[0].qty": "normalised: Widget, blau   |     4",
        "lines[1].amount": "normalised: Rabatt         |       |   (12,00)",
        "lines[1].item": "exact: Rabatt",
        "status": "exact: Status: bezahlt",
        "vendor": "fuzzy: ACME Industrial Supplies GmbH",
      }
    `);
    expect(result.reviewReasons).toEqual([
      'grounding: delivered: the date reads as 2026-03-04, 2026-04-03; set dateOrder for delivered',
    ]);
    expect(result.fields.map((f) => `${f.path} ${f.status}`)).toContain('delivered ambiguous');
    expect(result.fields.find((f) => f.path === 'lines[1].qty')).toBeUndefined();
  });

  it('turns invented values into issues fed back for required fields', () => {
    const invented = {
      ...honest,
      _evidence: {
        ...honest._evidence,
        invoiceNumber: 'Rechnung Nr. RE-2026-0047',
        issued: 'Rechnungsdatum: 05.03.2026',
      },
      invoiceNumber: 'RE-2026-0047',
      issued: '2026-03-06',
      status: 'open',
      lines: [
        { ...honest.lines[0], amount: 1243.56 },
        { ...honest.lines[1], _evidence: { item: 'Rabatt', qty: null } },
      ],
    };
    const result = check(invented);
    expect(result.issues.map(issueSignature)).toEqual([
      'grounding:invoiceNumber:mismatch',
      'grounding:issued:mismatch',
      'grounding:status:mismatch',
      'grounding:lines[].amount:mismatch',
      'grounding:lines[].amount:not_found',
    ]);
    expect(result.issues).toMatchInlineSnapshot(`
      [
        {
          "code": "mismatch",
          "message": "The value does not agree with its quote: the quoted passage "Rechnung Nr. RE-2026-0042" does not contain it",
          "path": "invoiceNumber",
          "received": ""RE-2026-0047"",
          "source": "grounding",
        },
        {
          "code": "mismatch",
          "message": "The value does not agree with its quote: the quoted passage holds the dates 2026-03-05",
          "path": "issued",
          "received": ""2026-03-06"",
          "source": "grounding",
        },
        {
          "code": "mismatch",
          "message": "The value does not agree with its quote: the quoted passage "Status: bezahlt" names none of open",
          "path": "status",
          "received": ""open"",
          "source": "grounding",
        },
        {
          "code": "mismatch",
          "message": "The value does not agree with its quote: the quoted passage holds the numbers 1234.56",
          "path": "lines[0].amount",
          "received": "1243.56",
          "source": "grounding",
        },
        {
          "code": "not_found",
          "message": "No quote was given for this value: quote the passage of the document that shows it",
          "path": "lines[1].amount",
          "received": "-12",
          "source": "grounding",
        },
      ]
    `);
  });

  it('reports a made-up quote as not found', () => {
    const result = check({
      ...honest,
      _evidence: { ...honest._evidence, vendor: 'Globex Corporation Ltd, Springfield' },
      vendor: 'Globex Corporation Ltd',
    });
    expect(result.issues).toEqual([
      expect.objectContaining({
        path: 'vendor',
        code: 'not_found',
        message:
          'The quote "Globex Corporation Ltd, Springfield" does not occur in the document: copy the passage that shows this value verbatim',
      }),
    ]);
    expect(result.provenance.vendor).toBeUndefined();
  });

  it('makes failures of check fields review reasons, not issues', () => {
    const result = check({ ...honest, delivered: '2026-03-14' });
    expect(result.issues).toEqual([]);
    expect(result.reviewReasons).toEqual([
      'grounding: delivered: The value does not agree with its quote: the quoted passage holds the dates 2026-03-04, 2026-04-03',
    ]);
    expect(result.provenance.delivered).toMatchObject({ match: 'exact' });
  });

  it('checks at most maxValues values and flags the rest', () => {
    const { data, evidence } = splitEvidence({ plan, reply: honest });
    const result = checkGrounding({ plan, document, data, evidence, limits: { maxValues: 3 } });
    expect(result.fields.filter((f) => f.status === 'unchecked')).toHaveLength(8);
    expect(result.reviewReasons).toContain(
      'grounding: 8 values were not checked (more than 3 grounded values)',
    );
  });

  it('does nothing when nothing is grounded', () => {
    const off = groundingPlan({ output: Invoice });
    expect(checkGrounding({ plan: off, document, data: honest, evidence: {} })).toEqual({
      issues: [],
      reviewReasons: [],
      provenance: {},
      fields: [],
    });
  });
});
