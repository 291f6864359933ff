import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createGrounder } from './create-grounder';

const Total = z.object({ total: z.number() });
const grounder = createGrounder({ output: Total, grounding: 'require' })!;

/** Grounds `total` quoted as `quote` in `document`, as the accepted (only) attempt. */
function ground(total: number, quote: string, document: string, locale?: string) {
  const { data, evidence } = grounder.split({ _evidence: { total: quote }, total });
  const verdict = grounder.check({ document, data: Total.parse(data), evidence, locale });
  return { verdict, assessed: grounder.confidence([verdict.fields]) };
}

describe('createGrounder: how an amount is read', () => {
  it('row 146: total 1.234 quoting "Total: 1,234" is ambiguous, flagged and below confidence 1', () => {
    const { verdict, assessed } = ground(1.234, 'Total: 1,234', 'Invoice\nTotal: 1,234\n');
    expect(verdict.issues).toEqual([]);
    expect(verdict.fields).toEqual([
      { path: 'total', value: '1.234', status: 'ambiguous', match: 'exact', similarity: 1 },
    ]);
    expect(verdict.reviewReasons).toEqual([
      'grounding: total: "1,234" reads as 1234 or 1.234 ("," may group thousands or mark decimals); set locale on the workflow or the job for total',
    ]);
    expect(assessed.confidence.total).toBeLessThan(1);
  });

  it('row 146: total 1.234 quoting "Total: ¥1,234" or "Gesamtbetrag: 1.234 €" is a mismatch fed back', () => {
    for (const quote of ['Total: ¥1,234', 'Gesamtbetrag: 1.234 €']) {
      const { verdict } = ground(1.234, quote, `Rechnung\n${quote}\n`);
      expect(verdict.fields.map((field) => field.status)).toEqual(['mismatch']);
      expect(verdict.issues.map((issue) => `${issue.path}:${issue.code}`)).toEqual(['total:mismatch']);
      expect(verdict.issues[0]?.message).toContain('the quoted passage holds the numbers 1234');
    }
  });

  it('row 146: the locale given to check settles the reading, both ways', () => {
    const document = 'Gesamtbetrag: 1.234\n';
    expect(ground(1234, 'Gesamtbetrag: 1.234', document, 'de-DE').verdict.fields[0]?.status).toBe('grounded');
    expect(ground(1.234, 'Gesamtbetrag: 1.234', document, 'de-DE').verdict.issues[0]?.message).toBe(
      'The value does not agree with its quote: the quoted passage holds the numbers 1234; under locale de-DE, "," is the decimal mark',
    );
    const english = ground(1.234, 'Gesamtbetrag: 1.234', document, 'en-US');
    expect(english.verdict.fields[0]?.status).toBe('grounded');
    expect(english.assessed.confidence.total).toBe(1);
  });

  it('row 146: a locale the document contradicts settles nothing: the amount stays ambiguous', () => {
    const document = 'Netto: 1.037,00 €\nGesamt: 1.234\n';
    const { verdict } = ground(1.234, 'Gesamt: 1.234', document, 'en-US');
    expect(verdict.fields.map((field) => field.status)).toEqual(['ambiguous']);
    expect(verdict.issues).toEqual([]);
  });
});
