import { type JobDocument, type LabelledItem, LabelledItemId } from '@quarry/core';
import type { EvalItemResult, EvalReport } from '@quarry/eval';
import {
  type EvalRunListing,
  type EvalRunStore,
  LabelledSetInputError,
  type LabelledSetStore,
} from '@quarry/queue';
import { type EvalRunRead, readEvalRun } from './read-eval-run';

/** The set's item of a run's item, as read now: found, unreadable, or no longer in the set. */
export type EvalItemExpected =
  | { readonly type: 'found'; readonly item: LabelledItem }
  | { readonly type: 'unreadable'; readonly problem: string }
  | { readonly type: 'missing' };

/**
 * One item of a stored run as its page reads it: `found` (the run, the item's line in its report, and
 * the set's item as stored now), the run `unreadable`, or `missing` (no such run, no such item in its
 * report, or an id that is no run id or item id).
 */
export type EvalItemRead =
  | {
      readonly type: 'found';
      readonly listing: EvalRunListing;
      readonly report: EvalReport;
      readonly item: EvalItemResult;
      readonly expected: EvalItemExpected;
    }
  | (EvalRunRead & { readonly type: 'unreadable' })
  | { readonly type: 'missing' };

/** Reads a run's item and the set's item of the same id; never throws for what is stored or asked. */
export async function readEvalItem(options: {
  readonly runs: EvalRunStore;
  readonly sets: LabelledSetStore;
  readonly runId: string;
  readonly itemId: string;
}): Promise<EvalItemRead> {
  if (!LabelledItemId.safeParse(options.itemId).success) return { type: 'missing' };
  const run = await readEvalRun({ runs: options.runs, runId: options.runId });
  if (run.type === 'missing') return { type: 'missing' };
  if (run.type === 'unreadable') return run;
  const item = run.report.items.find((candidate) => candidate.id === options.itemId);
  if (!item) return { type: 'missing' };
  return { ...run, item, expected: await setItem(options.sets, run.report.run.set, item.id) };
}

async function setItem(sets: LabelledSetStore, set: string, id: string): Promise<EvalItemExpected> {
  try {
    const read = await sets.get(set, id);
    if (read === null) return { type: 'missing' };
    return 'problem' in read
      ? { type: 'unreadable', problem: read.problem }
      : { type: 'found', item: read.item };
  } catch (error) {
    if (error instanceof LabelledSetInputError) return { type: 'missing' };
    throw error;
  }
}

/** A labelled item's document in the blob store as a job's document (what the original views read); null for text. */
export function blobDocumentOf(expected: EvalItemExpected): JobDocument | null {
  if (expected.type !== 'found' || expected.item.document.kind !== 'blob') return null;
  const { key, mediaType } = expected.item.document;
  return { mediaType, source: { type: 'blob', key } };
}
