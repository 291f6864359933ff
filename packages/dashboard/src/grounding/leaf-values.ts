import { formatPath } from '@quarry/core';

/** Most values of one result read for a view (valid results are far smaller). */
const MAX_VALUES = 10_000;

/** Every value of `data` by its concrete path (`lines[0].sku`), as grounding names them. */
export function valuesByPath(data: unknown): Map<string, unknown> {
  const values = new Map<string, unknown>();
  const visit = (value: unknown, path: readonly PropertyKey[]): void => {
    if (values.size >= MAX_VALUES) return;
    if (path.length > 0) values.set(formatPath(path), value);
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, [...path, i]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
    }
  };
  visit(data, []);
  return values;
}
