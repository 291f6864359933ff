import { type DlqRecord, JobPart } from '@quarry/queue';

/**
 * The job part of a dead-lettered child of a split job (its job data's `part`: split id, parent job
 * id, index, pages and field group); null when the record is not a child's, or its part does not
 * read as one.
 */
export function dlqSplitPart(record: Pick<DlqRecord, 'input'>): JobPart | null {
  const { input } = record;
  if (typeof input !== 'object' || input === null || !('part' in input)) return null;
  const part = JobPart.safeParse((input as { part: unknown }).part);
  return part.success ? part.data : null;
}
