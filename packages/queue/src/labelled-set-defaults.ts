import { MAX_EXPECTED_BYTES, MAX_LABELLED_ITEM_BYTES } from '@quarry/core';

/** Bounds of the labelled set store. */
export const labelledSetDefaults = {
  /** Items one set holds. */
  maxItems: 100_000,
  /** One item's expected output, in UTF-8 bytes of JSON. */
  maxExpectedBytes: MAX_EXPECTED_BYTES,
  /** One item as stored, in UTF-8 bytes of JSON. */
  maxItemBytes: MAX_LABELLED_ITEM_BYTES,
  /** Items read per page by default, and at most. */
  pageItems: 100,
  maxPageItems: 500,
  /** Sets listed at most (the most recently updated). */
  maxListedSets: 1000,
} as const;
