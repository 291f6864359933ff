import { type Job, Worker } from 'bullmq';
import { TolerantJob } from './tolerant-job';

/**
 * A BullMQ worker that hands its processor every job it takes, even one whose hash holds text that
 * is not JSON: such a job arrives with an `UnreadableJobData` as its data (see {@link TolerantJob}).
 * A plain worker fails to build the job after moving it to active, so the job stays there, stalls,
 * is taken again and fails again, for ever.
 */
export class TolerantWorker<
  DataType = unknown,
  ResultType = unknown,
  NameType extends string = string,
> extends Worker<DataType, ResultType, NameType> {
  protected override get Job(): typeof Job {
    return TolerantJob;
  }
}
