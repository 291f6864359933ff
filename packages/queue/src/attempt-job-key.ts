import type { JobGeneration } from './dlq-id';

/**
 * The attempt-store key of one job generation: `<job id>@<creation time>`. A job id re-used after
 * its job was removed (by a plain BullMQ producer, say) names a new generation and so starts with no
 * attempts, instead of resuming the attempts of the earlier job. DLQ ids are keyed the same way.
 */
export function attemptJobKey(job: JobGeneration): string {
  if (!job.id) throw new TypeError('A job without an id has no attempt records');
  return `${job.id}@${job.timestamp}`;
}
