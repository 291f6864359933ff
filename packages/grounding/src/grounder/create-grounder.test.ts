import { GroundingConfigError, renderFeedback } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { document, honest, Invoice, plan } from '../test-fixtures/german-invoice';
import { createGrounder } from './create-grounder';

const grounder = createGrounder({ output: Invoice, grounding: plan.config });

describe('createGrounder', () => {
  it('is null when nothing is grounded', () => {
    expect(createGrounder({ output: Invoice })).toBeNull();
    expect(createGrounder({ output: Invoice, grounding: 'off' })).toBeNull();
  });

  it('sends the evidence schema, splits the evidence off and checks the rest', () => {
    expect(grounder?.outputSchema).toEqual(plan.jsonSchema);
    const { data, evidence } = grounder!.split(honest);
    expect(data).not.toHaveProperty('_evidence');
    const verdict = grounder!.check({ document, data: Invoice.parse(data), evidence });
    expect(verdict.issues).toEqual([]);
    expect(document.slice(verdict.provenance.vendor!.start, verdict.provenance.vendor!.end)).toBe(
      'ACME Industrial Supplies GmbH',
    );
  });

  it('feeds an invented invoice number back as an issue', () => {
    const invented = { ...honest, invoiceNumber: 'RE-2026-0043' };
    const { data, evidence } = grounder!.split(invented);
    const verdict = grounder!.check({ document, data: Invoice.parse(data), evidence });
    expect(verdict.issues.map((issue) => `${issue.source}:${issue.path}:${issue.code}`)).toEqual([
      'grounding:invoiceNumber:mismatch',
    ]);
  });

  it('tells the model what the document says where an invented value was quoted', () => {
    const invented = {
      ...honest,
      _evidence: { ...honest._evidence, invoiceNumber: 'Rechnung Nr. RE-2026-0099' },
      invoiceNumber: 'RE-2026-0099',
      issued: '2026-03-06',
    };
    const { data, evidence } = grounder!.split(invented);
    const verdict = grounder!.check({ document, data: Invoice.parse(data), evidence });
    expect(renderFeedback({ issues: verdict.issues, earlier: [], maxLines: 20 })).toMatchInlineSnapshot(`
      "Your reply was rejected. 2 problems to fix:
      - invoiceNumber: The value does not agree with its quote: the quoted passage "Rechnung Nr. RE-2026-0042" does not contain it (received: "RE-2026-0099")
      - issued: The value does not agree with its quote: the quoted passage holds the dates 2026-03-05 (received: "2026-03-06")
      Reply again with the complete corrected output, keeping everything that was already right."
    `);
  });

  it('rates the fields of the accepted reply and names those below their reviewBelow', () => {
    const strict = createGrounder({
      output: Invoice,
      grounding: { ...plan.config, fields: { ...plan.config.fields, invoiceNumber: { reviewBelow: 0.9 } } },
    });
    const attempt = (reply: unknown) => {
      const { data, evidence } = strict!.split(reply);
      return strict!.check({ document, data: Invoice.parse(data), evidence }).fields;
    };
    const invented = attempt({ ...honest, invoiceNumber: 'RE-2026-0043' });
    const assessed = strict!.confidence([invented, attempt(honest)]);
    // The branch is quoted exactly, the issue date after normalisation; the invented number cost one attempt.
    expect(assessed.confidence).toMatchObject({ branch: 1, issued: 0.9, invoiceNumber: 0.57 });
    expect(assessed.reviewReasons).toEqual([
      'grounding: invoiceNumber: confidence 0.57 is below 0.9 (normalised match, failed grounding in 1 earlier attempt, 50 % of attempts agree)',
    ]);
    expect(assessed.weakFields).toEqual([
      {
        path: 'invoiceNumber',
        confidence: 0.57,
        reviewBelow: 0.9,
        reason: 'normalised match, failed grounding in 1 earlier attempt, 50 % of attempts agree',
      },
    ]);
  });

  it('refuses a setting that names no field', () => {
    expect(() =>
      createGrounder({ output: Invoice, grounding: { mode: 'require', fields: { totl: {} } } }),
    ).toThrow(GroundingConfigError);
  });
});
