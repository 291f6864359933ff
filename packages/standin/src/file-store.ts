import { createHash } from 'node:crypto';
import type { ResolvedFileOptions } from './file-options';
import type { IdSource } from './id-source';

/** A file's metadata as the Files API returns it. */
export interface FileMetadataWire {
  readonly id: string;
  readonly type: 'file';
  readonly filename: string;
  readonly mime_type: string;
  readonly size_bytes: number;
  readonly created_at: string;
  readonly downloadable: boolean;
  readonly expires_at: string | null;
}

/** A stored file: its metadata, bytes and their sha-256 (hex). */
export interface StoredFile {
  readonly metadata: FileMetadataWire;
  readonly bytes: Buffer;
  readonly sha256: string;
}

/** What the Files API did since the stand-in started, and what it stores now. */
export interface FileStats {
  readonly uploaded: number;
  readonly deleted: number;
  /** Uploads refused for their size or the store's caps. */
  readonly refused: number;
  readonly stored: number;
  readonly storedBytes: number;
}

/** Why an upload was refused. */
export type StoreRefusal = 'too_large' | 'quota';

/**
 * The stand-in's Files API storage, in memory, newest last: bounded by file count and total bytes
 * (see {@link ResolvedFileOptions}). Uploaded files are never downloadable, as on the API, where
 * only files a tool made are.
 */
export class FileStore {
  readonly #files = new Map<string, StoredFile>();
  readonly #options: ResolvedFileOptions;
  readonly #ids: IdSource;
  #totalBytes = 0;
  #uploaded = 0;
  #deleted = 0;
  #refused = 0;

  constructor(options: { readonly files: ResolvedFileOptions; readonly ids: IdSource }) {
    this.#options = options.files;
    this.#ids = options.ids;
  }

  add(file: {
    readonly filename: string;
    readonly mimeType: string;
    readonly bytes: Buffer;
    readonly expiresInSeconds: number | null;
  }): StoredFile | StoreRefusal {
    const size = file.bytes.length;
    const refusal: StoreRefusal | null =
      size > this.#options.maxFileBytes
        ? 'too_large'
        : this.#files.size >= this.#options.maxFiles || this.#totalBytes + size > this.#options.maxTotalBytes
          ? 'quota'
          : null;
    if (refusal) {
      this.#refused++;
      return refusal;
    }
    this.#uploaded++;
    const now = Date.now();
    const id = this.#ids.next('file');
    const stored: StoredFile = {
      metadata: {
        id,
        type: 'file',
        filename: file.filename,
        mime_type: file.mimeType,
        size_bytes: size,
        created_at: new Date(now).toISOString(),
        downloadable: false,
        expires_at:
          file.expiresInSeconds === null ? null : new Date(now + file.expiresInSeconds * 1000).toISOString(),
      },
      bytes: file.bytes,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
    };
    this.#files.set(id, stored);
    this.#totalBytes += size;
    return stored;
  }

  /** The file, or undefined when unknown, deleted or past its `expires_at`. */
  get(id: string): StoredFile | undefined {
    const file = this.#files.get(id);
    if (!file) return undefined;
    const expires = file.metadata.expires_at;
    return expires !== null && Date.parse(expires) <= Date.now() ? undefined : file;
  }

  delete(id: string): boolean {
    const file = this.#files.get(id);
    if (!file) return false;
    this.#files.delete(id);
    this.#totalBytes -= file.bytes.length;
    this.#deleted++;
    return true;
  }

  /** Every live file, newest first. */
  list(): FileMetadataWire[] {
    return [...this.#files.keys()].reverse().flatMap((id) => {
      const file = this.get(id);
      return file ? [file.metadata] : [];
    });
  }

  get stats(): FileStats {
    return {
      uploaded: this.#uploaded,
      deleted: this.#deleted,
      refused: this.#refused,
      stored: this.#files.size,
      storedBytes: this.#totalBytes,
    };
  }
}
