import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { defineWorkflow, WorkflowRegistry } from '@quarry/core';
import { ApiKeyStore, quarryKeys, type RedisClient } from '@quarry/queue';
import { type StandinReply, startStandin } from '@quarry/standin';
import { createWorker, loadWorkerConfig } from '@quarry/worker';
import { TextInput } from '@quarry/workflows';
import pino from 'pino';
import { z } from 'zod';
import { loadApiConfig } from '../api-config';
import { createApi } from '../create-api';

/** Test workflow `doc-note`: a title and a count from `{ text }`, `{ document }` or both. */
const docNote = defineWorkflow({
  name: 'doc-note',
  version: 1,
  description: 'A title and a count from a note',
  input: TextInput,
  output: z.object({ title: z.string(), count: z.number() }),
  rules: [],
  instructions: 'Extract the title of the note and how many items it counts.',
});

/** A second test workflow, for keys scoped away from it. */
const otherNote = defineWorkflow({ ...docNote, name: 'other-note' });

/** What a test gets: the API's URL, a key scoped to `doc-note`, and a way to make more keys. */
export interface ApiStack {
  readonly url: string;
  readonly key: string;
  readonly keys: ApiKeyStore;
  /** Env a `pnpm api`/worker process needs to share this stack's Redis, prefix and blob store. */
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Starts a worker on the stand-in (answering every call with `reply`, at once unless `latencyMs`)
 * and the HTTP API, both on `redisUrl` under `prefix`, sharing a blob directory.
 */
export async function startApiStack(options: {
  readonly redisUrl: string;
  /** The test's connection (the key store's). */
  readonly redis: RedisClient;
  readonly prefix: string;
  readonly reply?: StandinReply;
  readonly env?: Readonly<Record<string, string>>;
  /** Start no worker (jobs stay queued). */
  readonly noWorker?: boolean;
}): Promise<ApiStack> {
  const reply: StandinReply = options.reply ?? { kind: 'json', value: { title: 'groceries', count: 3 } };
  const standin = await startStandin({ script: () => reply });
  const blobDir = mkdtempSync(join(tmpdir(), 'quarry-api-blobs-'));
  const registry = new WorkflowRegistry([docNote, otherNote]);
  const env = {
    REDIS_URL: options.redisUrl,
    QUARRY_PREFIX: options.prefix,
    QUARRY_BLOB_DIR: blobDir,
    LOG_LEVEL: 'silent',
  };
  const worker = options.noWorker
    ? null
    : createWorker({
        config: loadWorkerConfig({
          ...env,
          ANTHROPIC_API_KEY: 'test-key',
          ANTHROPIC_BASE_URL: standin.url,
          QUARRY_MODEL: 'claude-haiku-4-5',
          JOB_ATTEMPTS: '1',
        }),
        registry,
      });
  await worker?.waitUntilReady();
  const blobs = new DirectoryBlobStore({ dir: blobDir, maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000 });
  const api = createApi({
    config: loadApiConfig({ ...env, API_PORT: '0', ...options.env }),
    registry,
    blobs,
    logger: pino({ level: 'silent' }),
    pollIntervalMs: 50,
  });
  const url = await api.listen();
  const keys = new ApiKeyStore({ redis: options.redis, keys: quarryKeys({ prefix: options.prefix }) });
  const { key } = await keys.create({ name: 'test producer', workflows: ['doc-note'] });
  return {
    url,
    key,
    keys,
    env,
    async close() {
      await api.close();
      await worker?.close({ graceMs: 0 });
      await standin.close();
      rmSync(blobDir, { recursive: true, force: true });
    },
  };
}
