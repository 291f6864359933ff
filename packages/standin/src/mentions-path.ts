import { ancestorPaths, formatPath, type JsonPath, normalizePath } from './json-path';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `text` names the path: exactly (`lineItems[1].amount`), normalised
 * (`lineItems[].amount`), or through an ancestor (`lineItems[1]`, `lineItems`, down to the
 * top-level field name). A name only counts as a whole path: `total` is not named by
 * `subtotal`, `invoice.total` or `total[0]`.
 */
export function mentionsPath(text: string, path: JsonPath): boolean {
  if (text.length === 0 || path.length === 0) return false;
  const names = new Set<string>();
  for (const candidate of [path, ...ancestorPaths(path)]) {
    names.add(formatPath(candidate));
    names.add(formatPath(normalizePath(candidate)));
  }
  for (const name of names) {
    if (!text.includes(name)) continue;
    const pattern = new RegExp(`(?<![\\w\\]]\\.)(?<![\\w$])${escapeRegExp(name)}(?![\\w\\[])(?!\\.[\\w$])`);
    if (pattern.test(text)) return true;
  }
  return false;
}
