import { createServer, type Socket } from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { BlobStore } from '@quarry/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore, type OpenBlobStore } from './create-blob-store';
import { BlobStoreError } from './errors/blob-store-error';
import { blobStoreContract } from './test-fixtures/blob-store-contract';
import { type LocalS3, startLocalS3 } from './test-fixtures/local-s3';

let s3: LocalS3;
const opened: OpenBlobStore[] = [];
let stores = 0;

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  for (const each of opened) each.close();
  await s3.stop();
});

/** A store of its own under a fresh prefix of the shared bucket. */
function s3Store(options: {
  maxBytes: number;
  prefix?: string;
  endpoint?: string;
  timeoutMs?: number;
}): BlobStore {
  const open = createBlobStore({
    kind: 's3',
    bucket: s3.bucket,
    prefix: options.prefix ?? `test-${++stores}/`,
    endpoint: options.endpoint ?? s3.endpoint,
    region: 'us-east-1',
    credentials: s3.credentials,
    forcePathStyle: true,
    maxBytes: options.maxBytes,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  opened.push(open);
  return open.store;
}

const prefixOf = new WeakMap<object, string>();

blobStoreContract('S3BlobStore (against a local S3-compatible server)', {
  async store({ maxBytes }) {
    const prefix = `contract-${++stores}/`;
    const store = s3Store({ maxBytes, prefix });
    prefixOf.set(store, prefix);
    return store;
  },
  async overwrite(store, key, bytes) {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: s3.credentials,
      forcePathStyle: true,
    });
    const Key = `${prefixOf.get(store)}sha256/${key.slice('sha256:'.length)}`;
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key, Body: bytes }));
    client.destroy();
  },
});

describe('S3BlobStore', () => {
  it('keeps each store under its prefix: another prefix sees none of its blobs', async () => {
    const a = s3Store({ maxBytes: 1024, prefix: 'tenant-a/' });
    const b = s3Store({ maxBytes: 1024, prefix: 'tenant-b/' });
    const { key } = await a.put({ bytes: new TextEncoder().encode('a only') });
    expect(await b.has({ key })).toBe(false);
    expect((await b.list({})).entries).toEqual([]);
  });

  it('row 114: a blob key that is a path or not lower-case hex -> gives up at its deadline when the endpoint accepts connections but never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const store = s3Store({ maxBytes: 1024, endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 });
      const error = await store.has({ key: `sha256:${'0'.repeat(64)}` }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BlobStoreError);
      expect(error).toMatchObject({
        operation: 'has',
        failure: 'timeout',
        message: 'blob store has timed out: no answer within 300 ms',
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('names a store that refuses the credentials (an unknown access key id) without echoing them', async () => {
    const open = createBlobStore({
      kind: 's3',
      bucket: s3.bucket,
      prefix: 'x/',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'WRONG', secretAccessKey: 'not-the-secret-0123456789' },
      forcePathStyle: true,
      maxBytes: 1024,
      timeoutMs: 10_000,
    });
    opened.push(open);
    const error = await open.store.put({ bytes: new Uint8Array([1]) }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlobStoreError);
    expect(error).toMatchObject({ operation: 'put', failure: 'failed' });
    expect((error as Error).message).toMatch(/^blob store put failed: /);
    expect((error as Error).message).not.toContain('not-the-secret');
  });
});
