import { DlqRecord, isDlqId } from '@quarry/queue';
import type { Job, JobType, Queue } from 'bullmq';
import { DlqRecordUnreadableError } from './errors/dlq-record-unreadable-error';

/** Every state a job of the DLQ can be in (records normally wait forever: nothing consumes the DLQ). */
const DLQ_JOB_TYPES: readonly JobType[] = [
  'waiting',
  'paused',
  'prioritized',
  'delayed',
  'waiting-children',
  'active',
  'completed',
  'failed',
];

/** Options of {@link DlqReader}. */
export interface DlqReaderOptions {
  readonly dlq: Queue;
  /** Jobs fetched per round trip while scanning. */
  readonly pageSize: number;
  /** Told about DLQ jobs whose data is not a DLQ record; they are skipped. */
  readonly onUnreadable?: (error: DlqRecordUnreadableError) => void;
}

/** Reads DLQ records from the DLQ queue, validating each against the record schema. */
export class DlqReader {
  readonly #options: DlqReaderOptions;

  constructor(options: DlqReaderOptions) {
    this.#options = options;
  }

  /** The record stored under `dlqId`, or null when there is none. @throws DlqRecordUnreadableError */
  async get(dlqId: string): Promise<DlqRecord | null> {
    // BullMQ keeps `meta`, `id`, `events`… beside the jobs: only a DLQ id can name a record.
    if (!isDlqId(dlqId)) return null;
    const job = await this.#options.dlq.getJob(dlqId);
    return job ? this.#parse(job) : null;
  }

  /** Every record, each once, in no particular order; unreadable ones are reported and skipped. */
  async *scan(): AsyncGenerator<DlqRecord> {
    const seen = new Set<string>();
    const { dlq, pageSize } = this.#options;
    for (const type of DLQ_JOB_TYPES) {
      for (let start = 0; ; start += pageSize) {
        const page = await dlq.getJobs([type], start, start + pageSize - 1, true);
        for (const job of page) {
          if (!job?.id || seen.has(job.id)) continue;
          seen.add(job.id);
          const record = this.#tryParse(job);
          if (record) yield record;
        }
        if (page.length < pageSize) break;
      }
    }
  }

  #tryParse(job: Job): DlqRecord | null {
    try {
      return this.#parse(job);
    } catch (error) {
      if (!(error instanceof DlqRecordUnreadableError)) throw error;
      this.#options.onUnreadable?.(error);
      return null;
    }
  }

  #parse(job: Job): DlqRecord {
    const parsed = DlqRecord.safeParse(job.data);
    if (parsed.success) return parsed.data;
    throw new DlqRecordUnreadableError({
      dlqId: job.id ?? '(no id)',
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`),
      cause: parsed.error,
    });
  }
}
