import { Job, type JobJsonRaw, type MinimalQueue } from 'bullmq';
import { UnreadableJobData } from './unreadable-job-data';

/** Values BullMQ reads in place of unreadable fields, so the rest of the job can still be built. */
const standIns = { data: '{}', opts: '{}', progress: '0', parent: undefined } as const;

/**
 * A BullMQ job that can always be read: when a field of its hash is not readable JSON, where
 * `Job.fromJSON` would throw (and leave the worker, and every list that shows the job, failing on
 * it over and over), its `data` becomes an {@link UnreadableJobData} naming the problem instead.
 */
export class TolerantJob<
  DataType = unknown,
  ReturnType = unknown,
  NameType extends string = string,
> extends Job<DataType, ReturnType, NameType> {
  static override fromJSON<T = unknown, R = unknown, N extends string = string>(
    queue: MinimalQueue,
    json: JobJsonRaw,
    jobId?: string,
  ): Job<T, R, N> {
    try {
      return Job.fromJSON<T, R, N>(queue, json, jobId);
    } catch (error) {
      const unreadable = UnreadableJobData.fromHash(json as unknown as Record<string, string | undefined>);
      if (!unreadable) throw error;
      const readable: Record<string, unknown> = { ...json };
      for (const { field } of unreadable.unreadable) readable[field] = standIns[field];
      // Such a job kept stalling; the failure BullMQ deferred for that (`defa`) would fail it without
      // the processor, so without its `bad_payload` record: the unreadable field is the cause.
      readable.defa = undefined;
      const job = Job.fromJSON<T, R, N>(queue, readable as unknown as JobJsonRaw, jobId);
      job.data = unreadable as T;
      return job;
    }
  }
}
