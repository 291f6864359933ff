import { type Job, Queue } from 'bullmq';
import { TolerantJob } from './tolerant-job';

/**
 * A BullMQ queue whose job reads never fail on a job hash holding text that is not JSON: such a job
 * is returned with an `UnreadableJobData` as its data (see {@link TolerantJob}), so lists and
 * dashboards (bull-board) keep working while it exists.
 */
export class TolerantQueue<
  DataType = unknown,
  ResultType = unknown,
  NameType extends string = string,
> extends Queue<DataType, ResultType, NameType> {
  protected override get Job(): typeof Job {
    return TolerantJob;
  }
}
