import { randomBytes } from 'node:crypto';

/**
 * A fresh, hash-tagged key prefix for one test, e.g. `{qt-dlq-3f9a1c2b}`: all its keys land in one
 * cluster slot, and no two tests share keys. The label is reduced to lower-case letters, digits and dashes.
 */
export function uniquePrefix(label = 'test'): string {
  const clean =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'test';
  return `{qt-${clean}-${randomBytes(4).toString('hex')}}`;
}
