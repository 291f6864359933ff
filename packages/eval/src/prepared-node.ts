import type { ReadDate } from './read-date';

/** A scalar as it is compared: strings carry their normalised text and what they can be read as. */
export type Leaf =
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'number'; readonly value: number }
  | {
      readonly type: 'string';
      /** `normaliseText` of the string; never empty (a blank string is absent). */
      readonly text: string;
      /** The number a numeric string holds (`readNumber`), else null. */
      readonly number: number | null;
      /** The date a date string holds (`readDate`), else null. */
      readonly date: ReadDate | null;
    };

/** An array item with its index in the input (items are kept in a canonical order). */
export interface PreparedItem {
  readonly index: number;
  readonly node: PreparedNode;
}

/**
 * An input checked and prepared for comparison: absent (null, missing or a blank string), a leaf, an
 * object, or an array whose items are sorted by their content so that the input's order cannot change
 * a score.
 */
export type PreparedNode =
  | { readonly kind: 'absent' }
  | { readonly kind: 'leaf'; readonly leaf: Leaf }
  | { readonly kind: 'object'; readonly entries: ReadonlyMap<string, PreparedNode> }
  | { readonly kind: 'array'; readonly items: readonly PreparedItem[] };

export const ABSENT: PreparedNode = { kind: 'absent' };
