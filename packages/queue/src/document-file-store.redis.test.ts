import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { DocumentFileStore } from './document-file-store';
import { quarryKeys } from './keys';

const pdfKey = `sha256:${'ab'.repeat(32)}`;
const imageKey = `sha256:${'cd'.repeat(32)}`;

describe('DocumentFileStore', () => {
  it('keeps the first file id claimed per content hash, for its lifetime, shared by every store; forgets only the id found lost', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const one = new DocumentFileStore({ redis, keys, ttlSeconds: 600 });
    const other = new DocumentFileStore({ redis, keys, ttlSeconds: 600 });
    expect(await one.get(pdfKey)).toBeNull();
    expect(await one.claim(pdfKey, 'file_first')).toBe('file_first');
    expect(await other.claim(pdfKey, 'file_second')).toBe('file_first');
    expect(await other.get(pdfKey)).toBe('file_first');
    expect(await other.get(imageKey)).toBeNull();
    const ttl = await redis.ttl(keys.documentFile(pdfKey));
    expect(ttl).toBeGreaterThan(500);
    expect(ttl).toBeLessThanOrEqual(600);
    expect(await other.forget(pdfKey, 'file_second')).toBe(false);
    expect(await one.get(pdfKey)).toBe('file_first');
    expect(await other.forget(pdfKey, 'file_first')).toBe(true);
    expect(await one.get(pdfKey)).toBeNull();
  });

  it('refuses a content key that is not a SHA-256 address', async ({ redis, prefix }) => {
    const store = new DocumentFileStore({ redis, keys: quarryKeys({ prefix }), ttlSeconds: 60 });
    await expect(store.get('../x')).rejects.toThrow(TypeError);
  });

  it.for(['', 'file_\u001b[31mred', 'file_<script>', 'file 1', 'f'.repeat(201)])(
    'row 142: a Files API upload answered with an id that is not one -> neither stores nor returns a file id that is not one (%j)',
    async (fileId, { redis, prefix }) => {
      const keys = quarryKeys({ prefix });
      const store = new DocumentFileStore({ redis, keys, ttlSeconds: 60 });
      await expect(store.claim(pdfKey, fileId)).rejects.toThrow(/a file id must be 1 to 200 letters/);
      expect(await redis.exists(keys.documentFile(pdfKey))).toBe(0);
      await redis.set(keys.documentFile(pdfKey), fileId === '' ? 'x y' : fileId);
      expect(await store.get(pdfKey)).toBeNull();
    },
  );
});
