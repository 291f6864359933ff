import { loadSamples } from '@quarry/samples';
import { Invoice } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { valueAgreement } from './agree/value-agreement';
import { checkGrounding } from './check/check-grounding';
import { EVIDENCE_KEY, type GroundedField, type GroundingShape } from './plan/grounded-field';
import { groundingPlan } from './plan/grounding-plan';
import { splitEvidence } from './split/split-evidence';

// The shipped invoice samples, in their many number and date formats, through the whole flow the
// extraction loop will run: plan → reply with evidence → split → validate → check.
const samples = loadSamples('invoice');
const plan = groundingPlan({
  output: Invoice,
  grounding: { mode: 'require', fields: { currency: { mode: 'off' } } },
});

/** The first line of the document that shows `value`, as a careful model would quote it. */
function quoteFor(document: string, field: GroundedField, value: unknown): string | null {
  const lines = document.split('\n').map((line) => line.trim());
  return (
    lines.find((line) => line !== '' && valueAgreement({ field, value, span: line }).verdict === 'agrees') ??
    null
  );
}

/** The reply a model gives: the data with an evidence object wherever the plan asks for one. */
function reply(document: string, value: unknown, shape: GroundingShape): unknown {
  if (shape.type === 'array') return (value as unknown[]).map((item) => reply(document, item, shape.items));
  const object = { ...(value as Record<string, unknown>) };
  for (const [key, child] of shape.children) object[key] = reply(document, object[key], child);
  const evidence = Object.fromEntries(
    [...shape.grounded].map(([key, field]) => [key, quoteFor(document, field, object[key])]),
  );
  return { [EVIDENCE_KEY]: evidence, ...object };
}

/**
 * A plausible invented value: an invoice number one digit off, a date a day off, an amount with two
 * digits swapped, a company name with another ending.
 */
function invent(field: GroundedField, value: unknown): unknown {
  if (field.kind === 'date') {
    const date = new Date(`${String(value)}T00:00:00Z`);
    return new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);
  }
  if (field.kind === 'number') {
    const digits = Math.round(Number(value) * 100)
      .toString()
      .padStart(3, '0');
    const i = [...digits].findIndex((digit, k) => k > 0 && digit !== digits[k - 1]);
    if (i < 1) return Number(value) + 1;
    const swapped = `${digits.slice(0, i - 1)}${digits[i]}${digits[i - 1]}${digits.slice(i + 1)}`;
    return Number(swapped) / 100;
  }
  const text = String(value);
  if (/\d/.test(text)) return text.replace(/\d(?=\D*$)/, (digit) => String((Number(digit) + 1) % 10));
  return text.replace(/\S+$/, 'Holdings');
}

describe('grounding the shipped invoice samples', () => {
  it('grounds every true value of every sample, at offsets that index the document exactly', () => {
    for (const sample of samples) {
      const { data, evidence } = splitEvidence({
        plan,
        reply: reply(sample.text, sample.truth, plan.shape!),
      });
      const result = checkGrounding({ plan, document: sample.text, data: Invoice.parse(data), evidence });
      expect(result.issues, sample.id).toEqual([]);
      for (const [path, { start, end, quote }] of Object.entries(result.provenance)) {
        expect(sample.text.slice(start, end), `${sample.id} ${path}`).toBe(quote);
      }
    }
  });

  it('catches invented values quoted with the true passage', () => {
    let invented = 0;
    let caught = 0;
    const items = plan.shape?.type === 'object' ? plan.shape.children.get('lineItems') : undefined;
    const lineFields =
      items?.type === 'array' && items.items.type === 'object' ? items.items.grounded : new Map();
    const topFields = plan.shape?.type === 'object' ? plan.shape.grounded : new Map<string, GroundedField>();
    for (const sample of samples) {
      const honest = reply(sample.text, sample.truth, plan.shape!) as Record<string, unknown> & {
        lineItems: object[];
      };
      const lies: [string, Record<string, unknown>][] = [];
      for (const [key, field] of topFields) {
        lies.push([key, { ...honest, [key]: invent(field, honest[key]) }]);
      }
      for (const [key, field] of lineFields) {
        const first = honest.lineItems[0] as Record<string, unknown>;
        const lineItems = [{ ...first, [key]: invent(field, first[key]) }, ...honest.lineItems.slice(1)];
        lies.push([`lineItems[0].${key}`, { ...honest, lineItems }]);
      }
      for (const [path, lie] of lies) {
        const { data, evidence } = splitEvidence({ plan, reply: lie });
        const result = checkGrounding({ plan, document: sample.text, data, evidence });
        invented++;
        if (result.issues.some((issue) => issue.path === path)) caught++;
      }
    }
    expect(invented).toBe(samples.length * 11);
    expect(caught / invented).toBeGreaterThanOrEqual(0.95);
  });

  it('catches an invented invoice number whose quote was made up to match it', () => {
    for (const sample of samples) {
      const honest = reply(sample.text, sample.truth, plan.shape!) as Record<string, unknown> & {
        _evidence: Record<string, string>;
      };
      const lie = String(invent(plan.fields[1]!, sample.truth.invoiceNumber));
      const madeUp = honest._evidence.invoiceNumber?.replace(sample.truth.invoiceNumber, lie);
      const { data, evidence } = splitEvidence({
        plan,
        reply: { ...honest, invoiceNumber: lie, _evidence: { ...honest._evidence, invoiceNumber: madeUp } },
      });
      const result = checkGrounding({ plan, document: sample.text, data, evidence });
      expect(
        result.issues.map((issue) => `${issue.path}:${issue.code}`),
        sample.id,
      ).toEqual(expect.arrayContaining([expect.stringMatching(/^invoiceNumber:(not_found|mismatch)$/)]));
    }
  });
});
