import { type Evidence, formatPath } from '@quarry/core';
import { EVIDENCE_KEY, type GroundingShape } from '../plan/grounded-field';
import type { GroundingPlan } from '../plan/grounding-plan';

export type { Evidence } from '@quarry/core';

/** A reply taken apart: the data as the workflow's schema knows it, and the quotes. */
export interface SplitReply {
  /** The reply without its evidence objects: validate this against the workflow's own schema. */
  readonly data: unknown;
  /** Quotes the model gave; a field whose entry is missing or not a string or null has none. */
  readonly evidence: Evidence;
}

export interface SplitEvidenceOptions {
  readonly plan: GroundingPlan;
  /** The parsed reply (any JSON value; it has not been validated yet). */
  readonly reply: unknown;
}

/**
 * Takes the `_evidence` objects out of a parsed reply, where the plan put them, and returns the
 * rest unchanged (new objects; the reply is not modified). Never throws: a reply of the wrong
 * shape is left for schema validation to report, and evidence of the wrong shape is ignored.
 */
export function splitEvidence(options: SplitEvidenceOptions): SplitReply {
  const { plan, reply } = options;
  if (!plan.shape) return { data: reply, evidence: {} };
  const evidence: Record<string, string | null> = {};
  const data = strip(reply, plan.shape, [], evidence);
  return { data, evidence };
}

function strip(
  value: unknown,
  shape: GroundingShape,
  segments: readonly PropertyKey[],
  evidence: Record<string, string | null>,
): unknown {
  if (shape.type === 'array') {
    if (!Array.isArray(value)) return value;
    return value.map((item, index) => strip(item, shape.items, [...segments, index], evidence));
  }
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === EVIDENCE_KEY && shape.grounded.size > 0) continue;
    const childShape = shape.children.get(key);
    out[key] = childShape ? strip(child, childShape, [...segments, key], evidence) : child;
  }
  const quotes = value[EVIDENCE_KEY];
  if (shape.grounded.size > 0 && isPlainObject(quotes)) {
    for (const key of shape.grounded.keys()) {
      const quote = quotes[key];
      if (typeof quote === 'string' || quote === null) evidence[formatPath([...segments, key])] = quote;
    }
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
