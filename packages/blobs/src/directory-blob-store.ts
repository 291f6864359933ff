import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobCallOptions, BlobEntry, BlobKey, BlobPage, BlobPut, BlobStore } from '@quarry/core';
import { blobKeyOf } from './blob-key-of';
import { BlobTooLargeError } from './errors/blob-too-large-error';
import { hexOfBlobKey } from './hex-of-blob-key';
import { verifiedBytes } from './verified-bytes';
import { withDeadline } from './with-deadline';

/** Options of {@link DirectoryBlobStore}. */
export interface DirectoryBlobStoreOptions {
  /** The store's directory (`QUARRY_BLOB_DIR`); created when missing. */
  readonly dir: string;
  /** Largest blob, in bytes (`QUARRY_BLOB_MAX_BYTES`). */
  readonly maxBytes: number;
  /** Deadline of each call, in milliseconds (`QUARRY_BLOB_TIMEOUT_MS`). */
  readonly timeoutMs: number;
}

const HEX = /^[0-9a-f]{64}$/;
const SHARD = /^[0-9a-f]{2}$/;

/**
 * The embedded blob store: one file per blob under `<dir>/sha256/<first 2 hex digits>/<hex>`, enough
 * for one machine and the demo. A blob is written to `<dir>/tmp` and renamed into place, so a reader
 * never sees half a blob, and a crash leaves at most a temporary file. Keys are checked before any
 * path is built from them.
 */
export class DirectoryBlobStore implements BlobStore {
  readonly maxBytes: number;
  readonly #dir: string;
  readonly #timeoutMs: number;

  constructor(options: DirectoryBlobStoreOptions) {
    this.#dir = options.dir;
    this.maxBytes = options.maxBytes;
    this.#timeoutMs = options.timeoutMs;
  }

  #path(key: BlobKey): string {
    const hex = hexOfBlobKey(key);
    return join(this.#dir, 'sha256', hex.slice(0, 2), hex);
  }

  put(options: BlobCallOptions & { readonly bytes: Uint8Array }): Promise<BlobPut> {
    const { bytes } = options;
    if (bytes.byteLength > this.maxBytes) {
      return Promise.reject(new BlobTooLargeError({ size: bytes.byteLength, maxBytes: this.maxBytes }));
    }
    return withDeadline(
      { operation: 'put', timeoutMs: this.#timeoutMs, signal: options.signal },
      async (signal) => {
        const key = blobKeyOf(bytes);
        const path = this.#path(key);
        const now = new Date();
        try {
          // Already there: refresh its age, so collecting orphans keeps it for the job about to use it.
          await utimes(path, now, now);
          return { key, size: bytes.byteLength, created: false };
        } catch (error) {
          if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
        }
        const tmpDir = join(this.#dir, 'tmp');
        await mkdir(tmpDir, { recursive: true });
        await mkdir(join(path, '..'), { recursive: true });
        const tmp = join(tmpDir, `${hexOfBlobKey(key)}.${randomUUID()}`);
        try {
          await writeFile(tmp, bytes, { flag: 'wx', signal });
          signal.throwIfAborted();
          await rename(tmp, path);
        } catch (error) {
          await rm(tmp, { force: true });
          throw error;
        }
        return { key, size: bytes.byteLength, created: true };
      },
    );
  }

  async get(options: BlobCallOptions & { readonly key: BlobKey }): Promise<Uint8Array | null> {
    const path = this.#path(options.key);
    return withDeadline(
      { operation: 'get', timeoutMs: this.#timeoutMs, signal: options.signal },
      async (signal) => {
        const size = await sizeOf(path);
        if (size === null) return null;
        if (size > this.maxBytes) throw new BlobTooLargeError({ size, maxBytes: this.maxBytes });
        return verifiedBytes(options.key, new Uint8Array(await readFile(path, { signal })));
      },
    );
  }

  async has(options: BlobCallOptions & { readonly key: BlobKey }): Promise<boolean> {
    const path = this.#path(options.key);
    return withDeadline(
      { operation: 'has', timeoutMs: this.#timeoutMs, signal: options.signal },
      async () => {
        return (await sizeOf(path)) !== null;
      },
    );
  }

  async delete(options: BlobCallOptions & { readonly key: BlobKey }): Promise<void> {
    const path = this.#path(options.key);
    return withDeadline({ operation: 'delete', timeoutMs: this.#timeoutMs, signal: options.signal }, () =>
      rm(path, { force: true }),
    );
  }

  list(options: BlobCallOptions & { readonly after?: string; readonly limit?: number }): Promise<BlobPage> {
    const limit = Math.max(1, Math.min(options.limit ?? 1000, 10_000));
    const after = options.after ?? '';
    return withDeadline(
      { operation: 'list', timeoutMs: this.#timeoutMs, signal: options.signal },
      async (signal) => {
        const root = join(this.#dir, 'sha256');
        const entries: BlobEntry[] = [];
        const shards = (await namesIn(root)).filter((name) => SHARD.test(name) && name >= after.slice(0, 2));
        for (const shard of shards) {
          const names = (await namesIn(join(root, shard))).filter((name) => HEX.test(name) && name > after);
          for (const hex of names) {
            signal.throwIfAborted();
            const info = await stat(join(root, shard, hex)).catch(() => null);
            if (!info?.isFile()) continue;
            entries.push({ key: `sha256:${hex}`, size: info.size, storedAt: info.mtime });
            if (entries.length === limit) return { entries, next: hex };
          }
        }
        return { entries, next: null };
      },
    );
  }
}

/** The size of the file at `path`, or `null` when there is none. */
async function sizeOf(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return null;
    throw error;
  }
}

/** The names in a directory, sorted; none when it does not exist. */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return [];
    throw error;
  }
}
