import { createHash } from 'node:crypto';
import type { BlobKey, BlobStore } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { collectOrphanBlobs } from '../collect-orphan-blobs';
import { BlobIntegrityError } from '../errors/blob-integrity-error';
import { BlobStoreError } from '../errors/blob-store-error';
import { BlobTooLargeError } from '../errors/blob-too-large-error';
import { InvalidBlobKeyError } from '../errors/invalid-blob-key-error';

/** What the contract needs of an adapter under test. */
export interface ContractSubject {
  /** A fresh, empty store taking at most `maxBytes` per blob. */
  store(options: { maxBytes: number }): Promise<BlobStore>;
  /** Replaces the stored bytes of `key` behind the store's back (damage in storage). */
  overwrite(store: BlobStore, key: BlobKey, bytes: Uint8Array): Promise<void>;
}

const sha256 = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const bytesOf = (text: string) => new TextEncoder().encode(text);

/** The one behaviour every blob store adapter shows; run by each adapter's test file. */
export function blobStoreContract(name: string, subject: ContractSubject): void {
  describe(`${name}: the blob store contract`, () => {
    it('stores bytes under their SHA-256 and gives the same bytes back; the same bytes are stored once', async () => {
      const store = await subject.store({ maxBytes: 1024 });
      const bytes = bytesOf('%PDF-1.7 invoice 7');
      const put = await store.put({ bytes });
      expect(put).toEqual({ key: sha256(bytes), size: bytes.byteLength, created: true });
      expect(await store.has({ key: put.key })).toBe(true);
      expect(Buffer.from((await store.get({ key: put.key })) ?? [])).toEqual(Buffer.from(bytes));
      expect(await store.put({ bytes: bytesOf('%PDF-1.7 invoice 7') })).toEqual({ ...put, created: false });
      const puts = await Promise.all(Array.from({ length: 5 }, () => store.put({ bytes: bytesOf('same') })));
      expect(new Set(puts.map((each) => each.key))).toEqual(new Set([sha256(bytesOf('same'))]));
      expect((await store.list({})).entries.map((entry) => entry.key).sort()).toEqual(
        [put.key, sha256(bytesOf('same'))].sort(),
      );
    });

    it('answers null and false for a missing blob, and deletes idempotently', async () => {
      const store = await subject.store({ maxBytes: 1024 });
      const missing = sha256(bytesOf('never stored'));
      expect(await store.get({ key: missing })).toBeNull();
      expect(await store.has({ key: missing })).toBe(false);
      await store.delete({ key: missing });
      const { key } = await store.put({ bytes: bytesOf('to delete') });
      await store.delete({ key });
      expect(await store.has({ key })).toBe(false);
      expect(await store.get({ key })).toBeNull();
    });

    it('refuses a key that is not sha256 and 64 lower-case hex digits, before any I/O', async () => {
      const store = await subject.store({ maxBytes: 1024 });
      const { key } = await store.put({ bytes: bytesOf('kept') });
      for (const bad of [
        '../../etc/passwd',
        `sha256:../${'a'.repeat(61)}`,
        key.toUpperCase(),
        `${key}/x`,
        'sha256:',
      ]) {
        await expect(store.get({ key: bad })).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.has({ key: bad })).rejects.toBeInstanceOf(InvalidBlobKeyError);
        await expect(store.delete({ key: bad })).rejects.toBeInstanceOf(InvalidBlobKeyError);
      }
      expect(await store.has({ key })).toBe(true);
    });

    it('takes blobs up to its size cap and refuses larger ones, storing nothing', async () => {
      const store = await subject.store({ maxBytes: 64 });
      expect((await store.put({ bytes: new Uint8Array(64).fill(1) })).size).toBe(64);
      const error = await store.put({ bytes: new Uint8Array(65).fill(2) }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BlobTooLargeError);
      expect(error).toMatchObject({ size: 65, maxBytes: 64 });
      expect(await store.has({ key: sha256(new Uint8Array(65).fill(2)) })).toBe(false);
      expect((await store.list({})).entries).toHaveLength(1);
    });

    it('lists every blob in key order, page by page, with its size and age', async () => {
      const store = await subject.store({ maxBytes: 1024 });
      const before = Date.now() - 60_000;
      const keys: string[] = [];
      for (let i = 0; i < 5; i += 1) keys.push((await store.put({ bytes: bytesOf(`blob ${i}`) })).key);
      const seen: { key: string; size: number; storedAt: Date }[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const page = await store.list({ limit: 2, ...(after ? { after } : {}) });
        seen.push(...page.entries);
        after = page.next ?? undefined;
        pages += 1;
      } while (after && pages < 10);
      expect(seen.map((entry) => entry.key)).toEqual([...keys].sort());
      expect(pages).toBeGreaterThanOrEqual(3);
      for (const entry of seen) {
        expect(entry.size).toBe(6);
        expect(entry.storedAt.getTime()).toBeGreaterThan(before);
      }
    });

    it('refuses to return bytes that no longer match their key', async () => {
      const store = await subject.store({ maxBytes: 1024 });
      const { key } = await store.put({ bytes: bytesOf('original') });
      await subject.overwrite(store, key, bytesOf('tampered'));
      const error = await store.get({ key }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BlobIntegrityError);
      expect(error).toMatchObject({ key, actualKey: sha256(bytesOf('tampered')) });
    });

    it("ends a call when the caller's signal aborts, as a BlobStoreError naming the operation", async () => {
      const store = await subject.store({ maxBytes: 1024 });
      const signal = AbortSignal.abort();
      const error = await store.put({ bytes: bytesOf('late'), signal }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BlobStoreError);
      expect(error).toMatchObject({ operation: 'put', failure: 'aborted' });
      expect(await store.has({ key: sha256(bytesOf('late')) })).toBe(false);
    });

    it('collects orphans: old blobs nothing refers to, never referenced or young ones', async () => {
      const store = await subject.store({ maxBytes: 1024 });
      const kept = await store.put({ bytes: bytesOf('referenced') });
      const orphan = await store.put({ bytes: bytesOf('orphan') });
      const isReferenced = (key: string) => key === kept.key;
      const young = await collectOrphanBlobs({ store, isReferenced, graceMs: 3_600_000 });
      expect(young).toEqual({ scanned: 2, deleted: [], kept: [] });
      const now = Date.now() + 7_200_000;
      // Row 145: the decision taken right before the delete wins over the listing: a blob a producer
      // is storing again is kept, and one released only after its delete succeeded.
      const marked = await collectOrphanBlobs({
        store,
        isReferenced,
        graceMs: 3_600_000,
        now,
        claimDeletion: async () => ({ type: 'keep', reason: 'marked' }),
      });
      expect(marked).toEqual({ scanned: 2, deleted: [], kept: [orphan.key] });
      expect(await store.has({ key: orphan.key })).toBe(true);
      const released: string[] = [];
      const later = await collectOrphanBlobs({
        store,
        isReferenced,
        graceMs: 3_600_000,
        now,
        claimDeletion: async (key) => ({
          type: 'delete',
          release: async () => {
            if (!(await store.has({ key }))) released.push(key);
          },
        }),
      });
      expect(later).toEqual({ scanned: 2, deleted: [orphan.key], kept: [] });
      expect(released).toEqual([orphan.key]);
      expect(await store.has({ key: kept.key })).toBe(true);
      expect(await store.has({ key: orphan.key })).toBe(false);
    });
  });
}
