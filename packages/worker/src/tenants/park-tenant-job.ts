import type { TenantStore } from '@quarry/queue';
import { DelayedError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import type { TenantParkedError } from './tenant-parked-error';

/**
 * Parks a job of a tenant over a limit: recorded in the tenant's parked set first (so a slot freed
 * meanwhile finds it), then moved to `delayed` until the limit may have passed, without using a job
 * attempt and holding no slot or lock. A wake-up that came while the job was still active (it left
 * the parked set) promotes it at once.
 * @throws DelayedError always, so that BullMQ leaves the moved job alone.
 */
export async function parkTenantJob(options: {
  readonly job: Job;
  readonly token: string | undefined;
  readonly error: TenantParkedError;
  readonly store: Pick<TenantStore, 'park' | 'isParked'>;
  readonly log: Logger;
}): Promise<never> {
  const { job, error, store } = options;
  const jobId = job.id as string;
  await store.park(error.tenant, jobId, error.untilMs);
  await job.moveToDelayed(error.untilMs, options.token);
  if (!(await store.isParked(error.tenant, jobId))) await job.promote().catch(() => {});
  options.log.info(
    { tenant: error.tenant, reason: error.reason, until: new Date(error.untilMs).toISOString() },
    'job parked: its tenant is over a limit',
  );
  throw new DelayedError();
}
