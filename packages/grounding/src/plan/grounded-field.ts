import type { DateOrder } from '@quarry/core';

/** What a grounded value is compared as. */
export type GroundedKind = 'string' | 'number' | 'date' | 'enum';

/** One grounded leaf of the output schema, with its settings resolved. */
export interface GroundedField {
  /** Field pattern: dotted keys, `[]` for every array item (`lines[].sku`). */
  readonly pattern: string;
  readonly kind: GroundedKind;
  readonly mode: 'check' | 'require';
  /** The value may be null or absent, and its quote then null. */
  readonly nullable: boolean;
  /** Allowed values of an enum field (empty otherwise). */
  readonly enumValues: readonly string[];
  /** Words in the document standing for each enum value. */
  readonly labels: Readonly<Record<string, readonly string[]>>;
  /** Label terms that introduce the value in the document (empty: any passage holding the value). */
  readonly cues?: readonly string[];
  readonly dateOrder?: DateOrder;
  readonly reviewBelow?: number;
}

/**
 * The part of the output schema that grounding walks: objects (with their grounded leaves, which
 * get an evidence entry, and the children that contain grounded leaves further down) and arrays.
 */
export type GroundingShape =
  | {
      readonly type: 'object';
      readonly grounded: ReadonlyMap<string, GroundedField>;
      readonly children: ReadonlyMap<string, GroundingShape>;
    }
  | { readonly type: 'array'; readonly items: GroundingShape };

/** The property that carries an object's evidence in the reply. */
export const EVIDENCE_KEY = '_evidence';
