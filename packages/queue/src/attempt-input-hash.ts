import { hash } from 'node:crypto';

/** What a job's attempts answer: its resolved workflow and version, and its validated input. */
export interface AttemptInput {
  readonly workflow: string;
  readonly version: number;
  readonly input: unknown;
}

/**
 * SHA-256 (hex) of a job's workflow, version and input as JSON: stored in every attempt record so
 * a job never resumes attempts that answered another input (e.g. job data rewritten in place).
 */
export function attemptInputHash(job: AttemptInput): string {
  return hash('sha256', JSON.stringify([job.workflow, job.version, job.input]), 'hex');
}
