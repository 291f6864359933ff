import type { FieldOutcome } from '../grounding/field-outcome';
import type { Evidence, Grounder, GroundingConfidence, GroundingVerdict } from '../grounding/grounder';
import type { Provenance } from '../grounding/provenance';
import type { WeakField } from '../grounding/weak-field';
import type { Issue } from '../issues/issue';

/**
 * A `Grounder` for the core's tests: the reply's top-level `_evidence` holds one quote per top-level
 * string or number field; a quote is found when it occurs verbatim in the document, and agrees when
 * it contains the value as written. Failures are issues (`require`) or review reasons (`check`).
 * Confidence is 1 less 0.25 for every earlier attempt in which the field failed; fields below
 * `reviewBelow` get a review reason. Records every split, check and confidence call.
 */
export class FakeGrounder implements Grounder {
  readonly outputSchema: Record<string, unknown>;
  readonly splits: unknown[] = [];
  readonly checks: { document: string; data: unknown; evidence: Evidence; locale?: string | undefined }[] =
    [];
  readonly confidences: (readonly (readonly FieldOutcome[])[])[] = [];
  readonly #mode: 'check' | 'require';
  readonly #reviewBelow: number;

  constructor(options: {
    readonly mode: 'check' | 'require';
    readonly outputSchema?: Record<string, unknown>;
    readonly reviewBelow?: number;
  }) {
    this.#mode = options.mode;
    this.#reviewBelow = options.reviewBelow ?? 0;
    this.outputSchema = options.outputSchema ?? { type: 'object', title: 'with evidence' };
  }

  split(reply: unknown): { data: unknown; evidence: Evidence } {
    this.splits.push(reply);
    if (typeof reply !== 'object' || reply === null) return { data: reply, evidence: {} };
    const { _evidence, ...data } = reply as Record<string, unknown>;
    return { data, evidence: (_evidence ?? {}) as Evidence };
  }

  check(options: {
    document: string;
    data: unknown;
    evidence: Evidence;
    locale?: string | undefined;
  }): GroundingVerdict {
    this.checks.push(options);
    const issues: Issue[] = [];
    const reviewReasons: string[] = [];
    const provenance: Provenance = {};
    const fields: FieldOutcome[] = [];
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
      const status = failure ? (failure.code as 'not_found' | 'mismatch') : 'grounded';
      const match = start < 0 ? 'none' : 'exact';
      fields.push({ path, status, match, similarity: start < 0 ? 0 : 1, value: JSON.stringify(value) });
      if (!failure) continue;
      if (this.#mode === 'require')
        issues.push({ source: 'grounding', path, ...failure, received: JSON.stringify(value) });
      else reviewReasons.push(`grounding: ${path}: ${failure.message}`);
    }
    return { issues, reviewReasons, provenance, fields };
  }

  confidence(attempts: readonly (readonly FieldOutcome[])[]): GroundingConfidence {
    this.confidences.push(attempts);
    const confidence: Record<string, number> = {};
    const reviewReasons: string[] = [];
    const weakFields: WeakField[] = [];
    for (const field of attempts.at(-1) ?? []) {
      const failures = attempts
        .slice(0, -1)
        .filter((fields) =>
          fields.some((earlier) => earlier.path === field.path && earlier.status !== 'grounded'),
        );
      const score = field.status === 'grounded' ? 1 - 0.25 * failures.length : 0;
      confidence[field.path] = score;
      if (score >= this.#reviewBelow) continue;
      reviewReasons.push(`grounding: ${field.path}: confidence ${score}`);
      weakFields.push({
        path: field.path,
        confidence: score,
        reviewBelow: this.#reviewBelow,
        reason: 'fake',
      });
    }
    return { confidence, reviewReasons, weakFields };
  }
}
