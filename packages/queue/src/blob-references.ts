import type { BlobKey } from '@quarry/core';
import type { Cluster, Redis } from 'ioredis';
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

/**
 * Every blob key that a live job or DLQ record refers to: the jobs the extraction queue holds in any
 * state (waiting, active, delayed, completed or failed within their retention) and every DLQ record,
 * read from their data. Built once per garbage collection and used as `isReferenced` of
 * `collectOrphanBlobs`; nothing is written on the enqueue path, so nothing can drift from the jobs.
 *
 * Cost: one SCAN over the keys of the two queues (SCAN walks the whole database, `COUNT` 1000 a
 * step) and one `HGET data` per job hash, pipelined 64 at a time; memory one entry per distinct blob. The
 * extraction queue is read before the DLQ, so a job moving to the DLQ meanwhile (its record is
 * written before the job is removed) is seen in one or the other. A job added during the scan
 * refers to a blob its producer has just stored (or refreshed), which the grace period keeps.
 * A key-like string in a text input keeps that blob too: a false reference only keeps a blob longer.
 */
export async function blobReferences(options: {
  readonly redis: RedisClient;
  readonly queues: Pick<QuarryQueues, 'queue' | 'dlq'>;
}): Promise<ReadonlySet<BlobKey>> {
  const references = new Set<BlobKey>();
  for (const queue of [options.queues.queue, options.queues.dlq]) {
    const base = queue.toKey('');
    for (const node of nodesOf(options.redis)) await collectFromQueue(node, base, references);
  }
  return references;
}
