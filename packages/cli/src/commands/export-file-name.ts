import { createHash } from 'node:crypto';
import type { DocumentMediaType } from '@quarry/core';

/** The file extension of each document media type. */
const EXTENSIONS: Readonly<Record<DocumentMediaType, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Longest part of a file name taken from an item id. */
const ID_CHARS = 96;

const digest = (text: string, chars: number) =>
  createHash('sha256').update(text).digest('hex').slice(0, chars);

/**
 * A document's file name from its item id, safe in any directory: only `[A-Za-z0-9._-]`, never
 * starting with a dot (so never `.`, `..` or hidden), at most about 120 characters, with the media
 * type's extension. An id that had to change (or that would collide, case-insensitively, with a name
 * in `used`) gets a digest of the id, so two ids never share a file. The name is added to `used`.
 */
export function exportFileName(options: {
  readonly id: string;
  readonly mediaType: DocumentMediaType;
  readonly used: Set<string>;
}): string {
  const { id, used } = options;
  const plain =
    id
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, ID_CHARS) || 'item';
  const extension = EXTENSIONS[options.mediaType];
  const first = plain === id ? plain : `${plain}-${digest(id, 12)}`;
  const long = `${plain}-${digest(id, 32)}`;
  for (let n = 0; ; n += 1) {
    const base = n === 0 ? first : n === 1 ? long : `${long}-${n}`;
    const name = `${base}.${extension}`;
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
}
