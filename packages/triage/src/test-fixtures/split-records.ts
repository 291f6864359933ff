import type { DlqSplit, JobPart } from '@quarry/queue';

/** The job part of child `index` of split `s-1` of job `parentId`: ten pages each of a 30-page note. */
export function childPart(parentId: string, index: number, overrides: Partial<JobPart> = {}): JobPart {
  return {
    splitId: 's-1',
    parentId,
    index,
    children: 3,
    source: 'text',
    window: { firstPage: index * 10 + 1, lastPage: index * 10 + 10, pages: 30 },
    paths: ['title'],
    groups: 1,
    round: 0,
    ...overrides,
  };
}

/** The children of a split parent as its record lists them: child 1 failed, 0 and 2 completed. */
export function splitOf(parentId: string): DlqSplit {
  return {
    splitId: 's-1',
    children: [0, 1, 2].map((index) => ({
      index,
      jobId: `${parentId}-c${index}`,
      status: index === 1 ? 'failed' : 'completed',
      pages: [index * 10 + 1, index * 10 + 10],
      paths: ['title'],
      ...(index === 1 ? { reason: 'validation_exhausted: expected a number at title' } : {}),
      attempts: index === 1 ? 3 : 1,
      costUsd: 0.001,
    })),
  };
}
