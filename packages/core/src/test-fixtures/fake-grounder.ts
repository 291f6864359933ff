import type { Evidence, Grounder, GroundingVerdict } from '../grounding/grounder';
import type { Provenance } from '../grounding/provenance';
import type { Issue } from '../issues/issue';

/**
 * A `Grounder` for the core's tests: the reply's top-level `_evidence` holds one quote per top-level
 * string or number field; a quote is found when it occurs verbatim in the document, and agrees when
 * it contains the value as written. Failures are issues (`require`) or review reasons (`check`).
 * Records every split and check.
 */
export class FakeGrounder implements Grounder {
  readonly outputSchema: Record<string, unknown>;
  readonly splits: unknown[] = [];
  readonly checks: { document: string; data: unknown; evidence: Evidence }[] = [];
  readonly #mode: 'check' | 'require';

  constructor(options: {
    readonly mode: 'check' | 'require';
    readonly outputSchema?: Record<string, unknown>;
  }) {
    this.#mode = options.mode;
    this.outputSchema = options.outputSchema ?? { type: 'object', title: 'with evidence' };
  }

  split(reply: unknown): { data: unknown; evidence: Evidence } {
    this.splits.push(reply);
    if (typeof reply !== 'object' || reply === null) return { data: reply, evidence: {} };
    const { _evidence, ...data } = reply as Record<string, unknown>;
    return { data, evidence: (_evidence ?? {}) as Evidence };
  }

  check(options: { document: string; data: unknown; evidence: Evidence }): GroundingVerdict {
    this.checks.push(options);
    const issues: Issue[] = [];
    const reviewReasons: string[] = [];
    const provenance: Provenance = {};
    for (const [path, value] of Object.entries(options.data as Record<string, unknown>)) {
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const quote = options.evidence[path] ?? '';
      const start = quote === '' ? -1 : options.document.indexOf(quote);
      let failure: Pick<Issue, 'code' | 'message'> | null = null;
      if (start < 0) {
        failure = { code: 'not_found', message: 'The quote does not occur in the document' };
      } else {
        provenance[path] = { start, end: start + quote.length, quote, match: 'exact' };
        if (!quote.toLowerCase().includes(String(value).toLowerCase()))
          failure = { code: 'mismatch', message: `The quoted passage "${quote}" does not contain it` };
      }
      if (!failure) continue;
      if (this.#mode === 'require')
        issues.push({ source: 'grounding', path, ...failure, received: JSON.stringify(value) });
      else reviewReasons.push(`grounding: ${path}: ${failure.message}`);
    }
    return { issues, reviewReasons, provenance };
  }
}
