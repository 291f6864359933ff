import { documentOfInput, JobDocument } from '@quarry/core';
import { JobData } from '@quarry/queue';

/** The document (PDF or image) a job's data carries in `input.document`; null for a text job or unreadable data. */
export function jobDocumentSource(jobData: unknown): JobDocument | null {
  const data = JobData.safeParse(jobData);
  if (!data.success) return null;
  const document = JobDocument.safeParse(documentOfInput(data.data.input));
  return document.success ? document.data : null;
}
