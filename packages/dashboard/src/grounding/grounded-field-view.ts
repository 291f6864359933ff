import type { FieldStatus, ProvenanceEntry } from '@quarry/core';

/** One grounded value as the document view shows it. */
export interface GroundedFieldView {
  /** Concrete path (`lines[0].sku`). */
  readonly path: string;
  /** The extracted value as text (strings as they are, anything else as JSON). */
  readonly value: string;
  readonly status: FieldStatus;
  /** Where its quote is, when the quote was found. */
  readonly provenance?: ProvenanceEntry;
  /** 0–1, when known. */
  readonly confidence?: number;
  /** Below its `reviewBelow`, or failed grounding: what a reviewer should look at first. */
  readonly weak: boolean;
}

/** A value as the view shows it: strings as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}
