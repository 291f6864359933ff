import { formatPath } from '@quarry/core';

/** A path through an input: object keys and array indices. */
export type PathKeys = readonly (string | number)[];

/**
 * The field a concrete path belongs to, every array index as `[]`, keys written as `formatPath` of
 * `@quarry/core` writes them: `['lineItems', 3, 'amount']` → `lineItems[].amount`,
 * `['meta', 'ref no']` → `meta["ref no"]`; `''` for the whole value.
 */
export function fieldPath(keys: PathKeys): string {
  let out = '';
  for (const key of keys) {
    if (typeof key === 'number') {
      out += '[]';
      continue;
    }
    const part = formatPath([key]);
    out += out === '' || part.startsWith('[') ? part : `.${part}`;
  }
  return out;
}
