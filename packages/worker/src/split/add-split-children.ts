import { type BlobStore, documentOfInput, JobDocument } from '@quarry/core';
import { slicePdfPages } from '@quarry/documents';
import type { JobBudget, JobData, JobPart } from '@quarry/queue';
import type { Job, Queue } from 'bullmq';
import { readJobDocumentBytes } from '../resolve-job-document';
import { childCount, childPart, type SplitPlanRecord } from './split-plan-record';

/** Options of {@link addSplitChildren}. */
export interface AddSplitChildrenOptions {
  readonly parent: Job;
  readonly data: JobData;
  readonly splitId: string;
  readonly plan: SplitPlanRecord;
  /** The children to add, by index. */
  readonly indices: readonly number[];
  /** 1 for children run again after a rule failed on the merged output, with `feedback` by index. */
  readonly round: 0 | 1;
  readonly feedback?: ReadonlyMap<number, readonly string[]>;
  readonly queue: Queue;
  /** BullMQ options of an extraction job (attempts, backoff). */
  readonly jobOptions: { readonly attempts: number; readonly backoff: { type: string; delay: number } };
  readonly blobs: BlobStore | null;
  /** What the parent may spend (its own budget, else the worker's default); each child gets its share. */
  readonly budget: JobBudget | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** The BullMQ id of a child: its parent's id, its round and index (ids never hold `:`). */
export function splitChildJobId(parentId: string, index: number, round: 0 | 1): string {
  return `${parentId.replaceAll(':', '_')}-${round === 0 ? '' : 'r1-'}c${index}`;
}

/**
 * Adds children of a split job to the queue as children of `parent` (a BullMQ flow: the parent
 * waits for them without holding a lock), in one transaction: all or none are added. Ids are fixed
 * by the parent, round and index, so adding again after a crash adds nothing twice. A child of a
 * PDF split carries its window as a PDF of its own in the blob store (stored by content hash: a
 * window stored before is not stored twice). A child's failure is left to its parent
 * (`ignoreDependencyOnFailure`), which decides by the workflow's `onChildFailure`. Each child may
 * spend its share of the parent's budget.
 */
export async function addSplitChildren(options: AddSplitChildrenOptions): Promise<void> {
  const { parent, plan, indices } = options;
  if (indices.length === 0) return;
  const parentId = parent.id as string;
  const windowDocuments = await windowPdfs(options);
  const children = childCount(plan);
  const budget = shareOf(options.budget, children);
  const { idempotencyKey: _once, part: _part, ...shared } = options.data;
  await options.queue.addBulk(
    indices.map((index) => {
      const { window, paths, groups } = childPart(plan, index);
      const feedback = options.feedback?.get(index);
      const part: JobPart = {
        splitId: options.splitId,
        parentId,
        index,
        children,
        source: plan.source,
        window:
          plan.pages === null
            ? null
            : { firstPage: window.firstPage, lastPage: window.lastPage, pages: plan.pages },
        paths: paths ? [...paths] : null,
        groups,
        round: options.round,
        ...(feedback && feedback.length > 0 ? { feedback: [...feedback] } : {}),
      };
      const document = windowDocuments.get(window.index);
      const input =
        document && typeof shared.input === 'object' && shared.input !== null
          ? { ...(shared.input as Record<string, unknown>), document }
          : shared.input;
      const data: JobData = { ...shared, input, part, ...(budget ? { budget } : {}) };
      return {
        name: parent.name,
        data,
        opts: {
          ...options.jobOptions,
          jobId: splitChildJobId(parentId, index, options.round),
          parent: { id: parentId, queue: parent.queueQualifiedName },
          ignoreDependencyOnFailure: true,
          // The children keep the parent's place in the fair order between tenants.
          ...(parent.priority > 0 ? { priority: parent.priority } : {}),
        },
      };
    }),
  );
}

/** The window PDFs the children need, stored in the blob store, by window index. */
async function windowPdfs(options: AddSplitChildrenOptions): Promise<Map<number, JobDocument>> {
  const documents = new Map<number, JobDocument>();
  if (options.plan.source !== 'pdf') return documents;
  const source = JobDocument.parse(documentOfInput(options.data.input));
  const blobs = options.blobs;
  if (!blobs) throw new TypeError('a PDF is split into windows only by a worker with a blob store');
  const bytes = await readJobDocumentBytes({ document: source, blobs, signal: options.signal });
  const windows = new Set(options.indices.map((index) => childPart(options.plan, index).window.index));
  for (const window of options.plan.windows) {
    if (!windows.has(window.index)) continue;
    const slice = await slicePdfPages({
      bytes,
      firstPage: window.firstPage,
      lastPage: window.lastPage,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const put = await blobs.put({ bytes: slice, ...(options.signal ? { signal: options.signal } : {}) });
    documents.set(window.index, { mediaType: 'application/pdf', source: { type: 'blob', key: put.key } });
  }
  return documents;
}

/** Each child's share of the parent's budget (at least one token and a millionth of a dollar). */
function shareOf(budget: JobBudget | undefined, children: number): JobBudget | undefined {
  if (!budget) return undefined;
  return {
    ...(budget.maxTokens !== undefined
      ? { maxTokens: Math.max(1, Math.floor(budget.maxTokens / children)) }
      : {}),
    ...(budget.maxCostUsd !== undefined ? { maxCostUsd: Math.max(1e-6, budget.maxCostUsd / children) } : {}),
  };
}
