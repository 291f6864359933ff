import type { WorkflowRegistry } from '@quarry/core';
import { type DlqRecord, JobData } from '@quarry/queue';
import { jobDocument } from '../grounding/job-document';

/**
 * The document of a DLQ record's job, as its attempts were grounded against (read by the version
 * the record names); null when the job data holds no document text.
 */
export function dlqDocument(options: {
  readonly registry: WorkflowRegistry;
  readonly record: DlqRecord;
}): string | null {
  const { record } = options;
  const data = JobData.safeParse(record.input);
  if (!data.success) return null;
  return jobDocument({
    registry: options.registry,
    workflow: record.workflow || data.data.workflow,
    version: record.version ?? data.data.version,
    input: data.data.input,
  });
}
