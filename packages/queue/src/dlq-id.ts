import { createHash } from 'node:crypto';

/** The parts of a source job that identify one generation of it. */
export interface JobGeneration {
  readonly id?: string | undefined;
  /** When the job was created (BullMQ `job.timestamp`); a re-created job with the same id is a new generation. */
  readonly timestamp: number;
}

/** The form of every DLQ record id: `dlq-` and 32 lowercase hex digits. */
const DLQ_ID = /^dlq-[0-9a-f]{32}$/;

/**
 * True when `value` has the form of a DLQ record id ({@link dlqIdFor}). Anything else is no record,
 * whatever Redis holds under that name (BullMQ keeps `meta`, `id`, `events`… next to the jobs).
 */
export function isDlqId(value: string): boolean {
  return DLQ_ID.test(value);
}

/**
 * The DLQ record id of a source job: deterministic from its id and generation, so writing the record
 * twice (a retried write, a re-run after a crash, the reconciler) can only ever produce one record.
 */
export function dlqIdFor(job: JobGeneration): string {
  if (!job.id) throw new TypeError('A job without an id cannot be dead-lettered');
  const digest = createHash('sha256').update(`${job.id}\n${job.timestamp}`).digest('hex');
  return `dlq-${digest.slice(0, 32)}`;
}
