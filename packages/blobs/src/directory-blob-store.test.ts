import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryBlobStore } from './directory-blob-store';
import { blobStoreContract } from './test-fixtures/blob-store-contract';

const dirs: string[] = [];
const freshDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-blobs-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const fileOf = (dir: string, key: string) => {
  const hex = key.slice('sha256:'.length);
  return join(dir, 'sha256', hex.slice(0, 2), hex);
};
const dirOf = new WeakMap<object, string>();

blobStoreContract('DirectoryBlobStore', {
  async store({ maxBytes }) {
    const dir = await freshDir();
    const store = new DirectoryBlobStore({ dir, maxBytes, timeoutMs: 10_000 });
    dirOf.set(store, dir);
    return store;
  },
  async overwrite(store, key, bytes) {
    await writeFile(fileOf(dirOf.get(store) as string, key), bytes);
  },
});

describe('DirectoryBlobStore', () => {
  it('writes through a temporary file it renames into place, leaving none behind; stray files are not blobs', async () => {
    const dir = await freshDir();
    const store = new DirectoryBlobStore({ dir, maxBytes: 1024, timeoutMs: 10_000 });
    const { key } = await store.put({ bytes: new TextEncoder().encode('invoice') });
    expect(await readdir(join(dir, 'tmp'))).toEqual([]);
    // A crash between write and rename leaves a temporary file; a stray file sits in a shard.
    await writeFile(join(dir, 'tmp', 'abc.partial'), 'half');
    await writeFile(join(dir, 'sha256', key.slice(7, 9), 'notes.txt'), 'x');
    expect((await store.list({})).entries.map((entry) => entry.key)).toEqual([key]);
  });

  it('refreshes the age of a blob stored again, so orphan collection keeps it for the new job', async () => {
    const dir = await freshDir();
    const store = new DirectoryBlobStore({ dir, maxBytes: 1024, timeoutMs: 10_000 });
    const bytes = new TextEncoder().encode('reused');
    const { key } = await store.put({ bytes });
    const old = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    await utimes(fileOf(dir, key), old, old);
    expect((await store.list({})).entries[0]?.storedAt.getTime()).toBe(old.getTime());
    await store.put({ bytes });
    expect((await store.list({})).entries[0]?.storedAt.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
  });
});
