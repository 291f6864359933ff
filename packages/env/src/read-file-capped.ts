import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';

/** Options of {@link readFileCapped}. */
export interface ReadFileCappedOptions {
  readonly path: string;
  /** Largest file read; a larger one is `too-large` without being read whole. */
  readonly maxBytes: number;
}

/** What {@link readFileCapped} found. */
export type CappedRead =
  | { readonly kind: 'bytes'; readonly bytes: Buffer }
  | { readonly kind: 'not-a-file' }
  | { readonly kind: 'too-large'; readonly size: number };

/**
 * A file named from outside (an env var, a command-line flag), read through one descriptor: only a
 * regular file (a device such as /dev/zero never ends, a FIFO may never answer), and never more than
 * `maxBytes` + 1 bytes, whatever its size claims. Opened non-blocking, so a FIFO cannot hang the open.
 * @throws the file system's error (`ENOENT`, `EACCES`, `EISDIR`…) with its `code`.
 */
export function readFileCapped(options: ReadFileCappedOptions): CappedRead {
  const fd = openSync(options.path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (!stat.isFile()) return { kind: 'not-a-file' };
    if (stat.size > options.maxBytes) return { kind: 'too-large', size: stat.size };
    const buffer = Buffer.alloc(options.maxBytes + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n) {
      n = readSync(fd, buffer, length, buffer.length - length, null);
    }
    if (length > options.maxBytes) return { kind: 'too-large', size: length };
    return { kind: 'bytes', bytes: buffer.subarray(0, length) };
  } finally {
    closeSync(fd);
  }
}
