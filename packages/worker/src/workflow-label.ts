import type { ParsedJob } from './parse-job';

/** The workflow label of a job's metrics: its registered name, or `unknown` before the job was parsed. */
export function workflowLabel(parsed: ParsedJob | null): string {
  return parsed?.workflow.name ?? 'unknown';
}
