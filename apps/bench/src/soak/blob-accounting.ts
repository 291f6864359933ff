import type { AccountingRow, SoakAccounting } from './soak-accounting';

/** The blob store and the blob keys Redis refers to, at one moment. */
export interface BlobSnapshot {
  /** Keys in the blob store. */
  readonly stored: ReadonlySet<string>;
  /** Keys that a job of the extraction queue (any state) or a DLQ record refers to (`blobReferences`). */
  readonly referenced: ReadonlySet<string>;
}

/** Inputs of {@link accountBlobs}. */
export interface AccountBlobsInput {
  /** Job id → the blob key the producer stored its document as, for every document job enqueued. */
  readonly documents: ReadonlyMap<string, string>;
  /** Ids of the jobs that were dead-lettered (their DLQ records keep their blobs). */
  readonly deadLettered: ReadonlySet<string>;
  /** Puts that stored new bytes, and puts that found them stored already. */
  readonly puts: { readonly created: number; readonly found: number };
  /** Once every job finished, before retention. */
  readonly before: BlobSnapshot;
  /** Finished jobs removed by retention. */
  readonly jobsRemoved: number;
  /** Blobs the garbage collection removed. */
  readonly collected: number;
  /** After retention and the garbage collection. */
  readonly after: BlobSnapshot;
}

/** Discrepancy lines shown per kind before "…and N more". */
const SHOWN = 5;

const minus = (a: ReadonlySet<string>, b: ReadonlySet<string>): string[] =>
  [...a].filter((key) => !b.has(key)).sort();

/**
 * Checks the blobs of a finished soak run:
 * - no blob lost: every document job's blob, and every blob a job or DLQ record refers to, is in the
 *   store once the jobs finished; and every blob a DLQ record still refers to is there after retention
 *   and the garbage collection;
 * - no blob leaked: after retention removed the finished jobs and the garbage collection ran, the
 *   store holds no blob that nothing refers to.
 * Blobs stored but not referenced before retention (the orphans of an enqueue that failed after its
 * put) are counted, not faulted: the garbage collection is what removes them.
 */
export function accountBlobs(input: AccountBlobsInput): SoakAccounting {
  const { documents, before, after } = input;
  const discrepancies: string[] = [];
  const report = (lines: readonly string[]) =>
    discrepancies.push(
      ...lines.slice(0, SHOWN),
      ...(lines.length > SHOWN ? [`…and ${lines.length - SHOWN} more like it`] : []),
    );

  const missingForJobs = [...documents].filter(([, key]) => !before.stored.has(key));
  report(missingForJobs.map(([jobId, key]) => `document job ${jobId}: its blob ${key} is not in the store`));
  const lostBefore = minus(before.referenced, before.stored);
  report(lostBefore.map((key) => `blob ${key} is referenced by a job or DLQ record but not in the store`));
  const lostAfter = minus(after.referenced, after.stored);
  report(lostAfter.map((key) => `blob ${key} is referenced by a DLQ record but gone after retention`));
  const leaked = minus(after.stored, after.referenced);
  report(leaked.map((key) => `blob ${key} is left in the store after retention, referenced by nothing`));

  const rows: AccountingRow[] = [
    { label: 'document jobs enqueued', value: documents.size, ok: true },
    {
      label: '  of which dead-lettered',
      value: [...documents.keys()].filter((jobId) => input.deadLettered.has(jobId)).length,
      ok: true,
    },
    { label: '  blobs written', value: input.puts.created, ok: true },
    { label: '  puts of bytes already stored (deduplicated)', value: input.puts.found, ok: true },
    { label: 'blobs in the store once the jobs finished', value: before.stored.size, ok: true },
    { label: '  referenced by a job or DLQ record', value: before.referenced.size, ok: true },
    {
      label: '  referenced by nothing (orphans)',
      value: minus(before.stored, before.referenced).length,
      ok: true,
    },
    {
      label: 'blobs lost (referenced, not in the store)',
      value: missingForJobs.length + lostBefore.length + lostAfter.length,
      expected: 0,
      ok: missingForJobs.length + lostBefore.length + lostAfter.length === 0,
    },
    { label: 'finished jobs removed by retention', value: input.jobsRemoved, ok: true },
    { label: 'blobs removed by `quarry blobs gc`', value: input.collected, ok: true },
    { label: 'blobs kept for DLQ records', value: after.referenced.size, ok: true },
    {
      label: 'blobs leaked (left, referenced by nothing)',
      value: leaked.length,
      expected: 0,
      ok: leaked.length === 0,
    },
  ];
  return { rows, discrepancies };
}
