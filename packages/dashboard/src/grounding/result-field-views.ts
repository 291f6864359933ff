import type { Provenance } from '@quarry/core';
import { type GroundedFieldView, valueText } from './grounded-field-view';
import { valuesByPath } from './leaf-values';

/** Options of {@link resultFieldViews}. */
export interface ResultFieldViewsOptions {
  /** The extracted data. */
  readonly data: unknown;
  readonly provenance?: Provenance | undefined;
  readonly fieldConfidence?: Readonly<Record<string, number>> | undefined;
  /** The fields the worker flagged as weak when it accepted the result (`weakFields`). */
  readonly weakFields?: readonly { readonly path: string }[] | undefined;
}

/**
 * The grounded fields of a job result (or review entry), in the order of their confidence scores
 * (schema order), then any with a quote but no score. A result keeps no per-field outcome, only what
 * follows from it: confidence is 0 exactly when the accepted value failed grounding, as `mismatch`
 * when its quote was found, `not_found` when not. Weak fields are the ones the worker named when it
 * accepted the result (below their `reviewBelow`, or a `check` field that failed).
 */
export function resultFieldViews(options: ResultFieldViewsOptions): GroundedFieldView[] {
  const provenance = options.provenance ?? {};
  const confidence = options.fieldConfidence ?? {};
  const values = valuesByPath(options.data);
  const weak = new Set((options.weakFields ?? []).map((field) => field.path));
  const paths = [...new Set([...Object.keys(confidence), ...Object.keys(provenance)])];
  return paths.map((path) => {
    const score = confidence[path];
    const entry = provenance[path];
    const failed = score === 0;
    return {
      path,
      value: values.has(path) ? valueText(values.get(path)) : '',
      status: failed ? (entry ? 'mismatch' : 'not_found') : 'grounded',
      ...(entry ? { provenance: entry } : {}),
      ...(score === undefined ? {} : { confidence: score }),
      weak: failed || weak.has(path),
    };
  });
}
