/**
 * The job id of a replay: deterministic from the DLQ record and the redrive it starts, so replaying
 * the same record twice can only ever add one job.
 */
export function replayJobId(dlqId: string, redriveCount: number): string {
  return `replay-${dlqId}-${redriveCount}`;
}
