import type { BlobKey } from '@quarry/core';
import type { Cluster, Redis } from 'ioredis';
import type { QuarryKeys } from './keys';
import type { QuarryQueues } from './open-queues';
import type { RedisClient } from './redis-connection';

/** Escapes Redis glob metacharacters so `prefix` matches literally. */
const escapeGlob = (value: string): string => value.replace(/[*?[\]\\]/g, '\\$&');

/** A blob key as it appears in job data (`input.document.source.key`, a DLQ record's `input`). */
const BLOB_KEY = /sha256:[0-9a-f]{64}/g;

/** Keys asked for per SCAN step. */
const SCAN_COUNT = 1000;
/** Job hashes read per pipeline: job data is at most 1 MiB, so at most about 64 MiB in flight. */
const READ_BATCH = 64;
/** Labelled items read per HMGET: an item is at most 3 MiB, so at most about 96 MiB in flight. */
const ITEM_BATCH = 32;

/** The nodes that can hold the queues' keys: the server, or every master of a cluster. */
function nodesOf(redis: RedisClient): Redis[] {
  return 'nodes' in redis && typeof (redis as Cluster).nodes === 'function'
    ? (redis as Cluster).nodes('master')
    : [redis as Redis];
}

/** Adds every blob key named in the `data` of the job hashes of one queue (`<prefix>:<queue>:<id>`). */
async function collectFromQueue(node: Redis, base: string, into: Set<BlobKey>): Promise<void> {
  const stream = node.scanStream({ match: `${escapeGlob(base)}*`, count: SCAN_COUNT });
  for await (const found of stream as AsyncIterable<string[]>) {
    // Job hashes only: `<base><id>`; BullMQ's own keys (`wait`, `meta`…) hold no `data` field, and
    // `<id>:logs`, `<id>:lock`… are skipped by their colon.
    const jobKeys = found.filter((key) => !key.slice(base.length).includes(':'));
    for (let start = 0; start < jobKeys.length; start += READ_BATCH) {
      const pipeline = node.pipeline();
      for (const key of jobKeys.slice(start, start + READ_BATCH)) pipeline.hget(key, 'data');
      for (const [error, data] of (await pipeline.exec()) ?? []) {
        if (error || typeof data !== 'string') continue; // not a hash (a list or sorted set of BullMQ)
        for (const match of data.matchAll(BLOB_KEY)) into.add(match[0] as BlobKey);
      }
    }
  }
}

/** Adds every blob key named in the items of every stored labelled set (read by id, {@link ITEM_BATCH} at a time). */
async function collectFromSets(redis: RedisClient, keys: QuarryKeys, into: Set<BlobKey>): Promise<void> {
  const sets = keys.labelledSets;
  const names: string[] = [];
  for await (const found of redis.zscanStream(sets.index(), { count: SCAN_COUNT }) as AsyncIterable<
    string[]
  >) {
    // ZSCAN replies member, score, member, score…
    for (let i = 0; i < found.length; i += 2) names.push(found[i] as string);
  }
  for (const name of new Set(names)) {
    let start = '-';
    for (;;) {
      const ids = await redis.zrangebylex(sets.ids(name), start, '+', 'LIMIT', 0, ITEM_BATCH);
      if (ids.length === 0) break;
      for (const item of await redis.hmget(sets.items(name), ...ids)) {
        for (const match of (item ?? '').matchAll(BLOB_KEY)) into.add(match[0] as BlobKey);
      }
      if (ids.length < ITEM_BATCH) break;
      start = `(${ids.at(-1)}`;
    }
  }
}

/**
 * Every blob key that a live job or DLQ record refers to: the jobs the extraction queue holds in any
 * state (waiting, active, delayed, completed or failed within their retention), every DLQ record,
 * read from their data, and every item of the labelled sets stored under the prefix (which no
 * retention removes: their blobs live until the set is deleted). Built once per garbage collection and used as `isReferenced` of
 * `collectOrphanBlobs`; nothing is written on the enqueue path, so nothing can drift from the jobs.
 *
 * Cost: one SCAN over the keys of the two queues (SCAN walks the whole database, `COUNT` 1000 a
 * step) and one `HGET data` per job hash, pipelined 64 at a time; memory one entry per distinct blob. The
 * extraction queue is read before the DLQ, so a job moving to the DLQ meanwhile (its record is
 * written before the job is removed) is seen in one or the other. A job added during the scan
 * refers to a blob its producer has just stored (or refreshed), which the grace period keeps; a set
 * item put during the scan marked its blob first (`LabelledSetStore.put`), which the gc's claim respects.
 * The sets cost one ZSCAN of their index and one HMGET per 32 items.
 * A key-like string in a text input keeps that blob too: a false reference only keeps a blob longer.
 */
export async function blobReferences(options: {
  readonly redis: RedisClient;
  readonly queues: Pick<QuarryQueues, 'queue' | 'dlq' | 'keys'>;
}): Promise<ReadonlySet<BlobKey>> {
  const references = new Set<BlobKey>();
  for (const queue of [options.queues.queue, options.queues.dlq]) {
    const base = queue.toKey('');
    for (const node of nodesOf(options.redis)) await collectFromQueue(node, base, references);
  }
  await collectFromSets(options.redis, options.queues.keys, references);
  return references;
}
