import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

/** A local S3-compatible server (s3rver, in this process) with one bucket, for the S3 adapter's tests. */
export interface LocalS3 {
  readonly endpoint: string;
  readonly bucket: string;
  /** s3rver's fixed credentials. */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  stop(): Promise<void>;
}

/** Starts s3rver on a free port of 127.0.0.1, its objects in a fresh temporary directory. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'quarry-s3-'));
  const bucket = 'quarry-test';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    // s3rver signs bucket-level requests (ListObjectsV2) without the trailing slash the SDK signs
    // with, so it would refuse every list; an unknown access key id is still refused.
    allowMismatchedSignatures: true,
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
