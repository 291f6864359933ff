import { ExtractionJobResult, type JobData } from '@quarry/queue';
import type { Job } from 'bullmq';
import type { SplitSettings } from './resolve-or-split';

/**
 * The result a child of a split job saved when it ran before (it completed, then was run again:
 * a crash or stall between saving and completing): returned instead of paying for it again. Null
 * for any other job, and on a child's first run (nothing to read).
 */
export async function savedChildResult(options: {
  readonly split: SplitSettings | undefined;
  readonly job: Job;
  readonly data: JobData;
}): Promise<ExtractionJobResult | null> {
  const { part } = options.data;
  if (!part || !options.split || options.job.attemptsStarted <= 1) return null;
  const saved = ExtractionJobResult.safeParse(
    await options.split.store.result({ splitId: part.splitId, index: part.index, round: part.round }),
  );
  return saved.success ? saved.data : null;
}

/** Saves a child's result for its parent, before the child completes. Nothing for any other job. */
export async function saveChildResult(options: {
  readonly split: SplitSettings | undefined;
  readonly data: JobData;
  readonly result: ExtractionJobResult;
}): Promise<void> {
  const { part } = options.data;
  if (!part || !options.split) return;
  await options.split.store.saveResult({
    splitId: part.splitId,
    index: part.index,
    round: part.round,
    result: options.result,
  });
}
