import { DlqRecord, isDlqId } from '@quarry/queue';
import type { Job, Queue } from 'bullmq';
import { DlqRecordUnreadableError } from './errors/dlq-record-unreadable-error';

/** Options of {@link DlqReader}. */
export interface DlqReaderOptions {
  readonly dlq: Queue;
  /** Told about DLQ jobs whose data is not a DLQ record when {@link DlqReader.read} skips them. */
  readonly onUnreadable?: (error: DlqRecordUnreadableError) => void;
}

/** Reads DLQ records from the DLQ queue, one job each, validating each against the record schema. */
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

  /** Like {@link get}, for listings: an unreadable record is reported (`onUnreadable`) and read as null. */
  async read(dlqId: string): Promise<DlqRecord | null> {
    try {
      return await this.get(dlqId);
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
