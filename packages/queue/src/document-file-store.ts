import { BLOB_KEY_PATTERN } from '@quarry/core';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** Options of {@link DocumentFileStore}. */
export interface DocumentFileStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** How long a file id is reused after its upload: below the uploaded file's own expiry. */
  readonly ttlSeconds: number;
}

/**
 * What a file id looks like: the API's are short words of letters, digits and `_` (`file_011C…`);
 * anything else (markup, control characters, a huge string from a broken upstream) is not kept,
 * stored or echoed in messages.
 */
const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The Files API id of each document's bytes, by content hash (`keys.documentFile`), shared by every
 * worker of the queue: a document is uploaded once, and every attempt of every job with the same
 * bytes (a retried or replayed job too) references that id until the entry expires. The entry
 * expires before the file does, so a stored id names a file the API removed only when someone else
 * removed it (or the key's workspace changed): the worker then forgets it ({@link forget}).
 */
export class DocumentFileStore {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #keys: QuarryKeys;
  readonly #ttlSeconds: number;

  constructor(options: DocumentFileStoreOptions) {
    if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 1) {
      throw new TypeError(`ttlSeconds must be a positive integer, got ${options.ttlSeconds}`);
    }
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys;
    this.#ttlSeconds = options.ttlSeconds;
  }

  /** The file id stored for these bytes, or null (none yet, expired, or not a file id). */
  async get(contentKey: string): Promise<string | null> {
    const stored = await this.#redis.get(this.#keys.documentFile(checked(contentKey)));
    return stored !== null && FILE_ID_PATTERN.test(stored) ? stored : null;
  }

  /**
   * Stores `fileId` for these bytes unless another worker stored one first, and returns the id to
   * use: the first one stored (so concurrent uploads of the same bytes settle on one id).
   */
  async claim(contentKey: string, fileId: string): Promise<string> {
    if (!FILE_ID_PATTERN.test(fileId)) {
      throw new TypeError('a file id must be 1 to 200 letters, digits, "_" or "-"');
    }
    const key = this.#keys.documentFile(checked(contentKey));
    const set = await this.#redis.set(key, fileId, 'EX', this.#ttlSeconds, 'NX');
    if (set === 'OK') return fileId;
    return (await this.get(contentKey)) ?? fileId;
  }

  /**
   * Forgets `fileId` for these bytes (the API said the file is gone), unless the entry names
   * another id by now (a fresh upload another worker stored): that one is kept. True when removed.
   */
  async forget(contentKey: string, fileId: string): Promise<boolean> {
    const key = this.#keys.documentFile(checked(contentKey));
    return (await this.#redis.quarryForgetDocumentFile(key, fileId)) === 1;
  }
}

function checked(contentKey: string): string {
  if (!BLOB_KEY_PATTERN.test(contentKey))
    throw new TypeError('a content key must be "sha256:" and 64 hex digits');
  return contentKey;
}
