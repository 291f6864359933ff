import { type Evidence, type FieldOutcome, formatPath, type Issue, type Provenance } from '@quarry/core';
import { type SettledDecimalMark, settledDecimalMark } from '../agree/settled-decimal-mark';
import { type Agreement, valueAgreement } from '../agree/value-agreement';
import { cueOwners, type OwnedCue } from '../bind/cue-owners';
import { fieldBinding } from '../bind/field-binding';
import { type GroundingLimits, groundingLimits } from '../locate/grounding-limits';
import { createQuoteLocator, type QuoteLocator } from '../locate/quote-locator';
import type { GroundedField, GroundingShape } from '../plan/grounded-field';
import type { GroundingPlan } from '../plan/grounding-plan';
import { type GroundingIssueOptions, groundingIssue, notFoundMessage } from './grounding-issue';

/** The verdict of grounding on one validated reply. */
export interface GroundingCheck {
  /** Failures of `require` fields: feed them back like any other issue. */
  readonly issues: readonly Issue[];
  /** Failures of `check` fields, ambiguous dates and numbers, and values left unchecked: flag the result. */
  readonly reviewReasons: readonly string[];
  /** Every quote found, by concrete path, whether or not its value agrees. */
  readonly provenance: Provenance;
  /** One outcome per non-empty grounded value, in schema order. */
  readonly fields: readonly FieldOutcome[];
}

export interface CheckGroundingOptions {
  readonly plan: GroundingPlan;
  /** The document text exactly as the model was given it; offsets index it. */
  readonly document: string;
  /** The validated data (`splitEvidence(...).data` after the workflow schema accepted it). */
  readonly data: unknown;
  readonly evidence: Evidence;
  readonly limits?: Partial<GroundingLimits>;
  /**
   * The document's BCP 47 locale (`de-DE`), from the job or the workflow: it settles whether a lone
   * `.` or `,` before three digits (`1.234`) groups thousands or marks decimals. Without one, the
   * document's other numbers may settle it; else such a number is `ambiguous`.
   */
  readonly locale?: string | undefined;
}

interface Run {
  readonly document: string;
  readonly evidence: Evidence;
  readonly limits: GroundingLimits;
  readonly locator: QuoteLocator;
  readonly cues: readonly OwnedCue[];
  /** The document's decimal mark, worked out on first need. */
  readonly decimalMark: () => SettledDecimalMark | undefined;
  readonly result: {
    issues: Issue[];
    reviewReasons: string[];
    provenance: Provenance;
    fields: FieldOutcome[];
  };
}

/**
 * Checks every grounded value of the data against the document: its quote is located
 * (`createQuoteLocator`), then the value is compared with the document text found there
 * (`valueAgreement`). Null, absent and empty values are not checked. Pure and bounded by `limits`.
 *
 * @throws GroundingConfigError when a limit is out of range.
 */
export function checkGrounding(options: CheckGroundingOptions): GroundingCheck {
  const limits = groundingLimits(options.limits);
  const run: Run = {
    document: options.document,
    evidence: options.evidence,
    limits,
    locator: createQuoteLocator({ document: options.document, limits }),
    cues: cueOwners(options.plan.config),
    decimalMark: once(() => settledDecimalMark({ locale: options.locale, document: options.document })),
    result: { issues: [], reviewReasons: [], provenance: {}, fields: [] },
  };
  if (options.plan.shape) visit(options.data, options.plan.shape, [], run);
  const unchecked = run.result.fields.filter((field) => field.status === 'unchecked').length;
  if (unchecked > 0) {
    run.result.reviewReasons.push(
      `grounding: ${unchecked} values were not checked (more than ${limits.maxValues} grounded values)`,
    );
  }
  return run.result;
}

function visit(value: unknown, shape: GroundingShape, segments: readonly PropertyKey[], run: Run): void {
  if (shape.type === 'array') {
    if (!Array.isArray(value)) return;
    for (const [index, item] of value.entries()) visit(item, shape.items, [...segments, index], run);
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const object = value as Record<string, unknown>;
  for (const [key, field] of shape.grounded)
    checkValue(run, { value: object[key], field, path: formatPath([...segments, key]) });
  for (const [key, child] of shape.children) visit(object[key], child, [...segments, key], run);
}

/** One grounded value where it stands. */
interface Target {
  readonly value: unknown;
  readonly field: GroundedField;
  readonly path: string;
}

function checkValue(run: Run, target: Target): void {
  const { value, path } = target;
  if (value === undefined || value === null || value === '') return;
  const { result, limits } = run;
  const outcome = { path, value: JSON.stringify(value) ?? '' };
  if (result.fields.length >= limits.maxValues) {
    result.fields.push({ ...outcome, status: 'unchecked', match: 'none', similarity: 0 });
    return;
  }
  const quote = run.evidence[path];
  const location = typeof quote === 'string' ? run.locator.locate(quote) : undefined;
  if (!location || location.match === 'none') {
    result.fields.push({ ...outcome, status: 'not_found', match: 'none', similarity: 0 });
    const reason = location?.reason ?? 'empty';
    const message = notFoundMessage({ quote, reason, maxQuoteChars: limits.maxQuoteChars });
    fail(run, target, { path, code: 'not_found', message, value });
    return;
  }
  const { start, end, match, similarity } = location;
  result.provenance[path] = { start, end, quote: quote as string, match };
  const agreement = bound(run, target, { start, end });
  switch (agreement.verdict) {
    case 'agrees':
      result.fields.push({ ...outcome, status: 'grounded', match, similarity });
      return;
    case 'ambiguous':
      result.fields.push({ ...outcome, status: 'ambiguous', match, similarity });
      result.reviewReasons.push(`grounding: ${path}: ${agreement.note}`);
      return;
    case 'mismatch': {
      result.fields.push({ ...outcome, status: 'mismatch', match, similarity });
      const message = `The value does not agree with its quote: ${agreement.reason}`;
      fail(run, target, { path, code: 'mismatch', message, value });
      return;
    }
    default: {
      const unhandled: never = agreement;
      throw new TypeError(`Unhandled agreement ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * How the value agrees with its span, and then whether the span is its own evidence (`fieldBinding`):
 * another field's label makes a mismatch, no label at all (for a field that names some) an ambiguous value.
 */
function bound(run: Run, target: Target, at: { start: number; end: number }): Agreement {
  const { field, value } = target;
  const span = run.document.slice(at.start, at.end);
  const decimalMark = field.kind === 'number' ? run.decimalMark() : undefined;
  const agreement = valueAgreement({ field, value, span, decimalMark });
  if (agreement.verdict === 'mismatch') return agreement;
  const binding = fieldBinding({ field, value, cues: run.cues, document: run.document, ...at });
  switch (binding.verdict) {
    case 'mismatch':
      return binding;
    case 'unbound': {
      const note = agreement.verdict === 'ambiguous' ? `${agreement.note}; ${binding.note}` : binding.note;
      return { verdict: 'ambiguous', note };
    }
    case 'bound':
    case 'unlabelled':
      return agreement;
    default: {
      const unhandled: never = binding;
      throw new TypeError(`Unhandled binding ${JSON.stringify(unhandled)}`);
    }
  }
}

/** A failure: an issue for `require` fields, a review reason for `check` ones. */
function fail(run: Run, target: Target, issue: GroundingIssueOptions): void {
  if (target.field.mode === 'require') run.result.issues.push(groundingIssue(issue));
  else run.result.reviewReasons.push(`grounding: ${issue.path}: ${issue.message}`);
}

function once<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
