import { describe, expect, it } from 'vitest';
import { documentJobCount, isDocumentJob, soakDocuments } from './soak-documents';

const documentJobs = (share: number, jobs: number): number[] =>
  Array.from({ length: jobs }, (_, i) => i).filter((i) => isDocumentJob(share, i));

describe('soak document jobs', () => {
  it('makes the share of the jobs document jobs, spread evenly', () => {
    expect(documentJobs(0, 50)).toEqual([]);
    expect(documentJobs(1, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(documentJobs(0.25, 12)).toEqual([3, 7, 11]);
    for (const share of [0.1, 0.2, 0.3, 0.7])
      expect(documentJobs(share, 1000)).toHaveLength(documentJobCount(share, 1000));
  });

  it('renders every tenth document the same as the one before, each other with its own reference', async () => {
    const documents = await soakDocuments(1);
    const [eighth, ninth, tenth, eleventh] = await Promise.all(
      [7, 8, 9, 10].map((i) => documents.documentOf(i)),
    );
    expect([eighth, ninth, tenth, eleventh].map((document) => document?.reference)).toEqual([
      'soak-doc-7',
      'soak-doc-8',
      'soak-doc-8',
      'soak-doc-10',
    ]);
    expect(Buffer.from(tenth?.bytes ?? []).equals(Buffer.from(ninth?.bytes ?? []))).toBe(true);
    expect(Buffer.from(eighth?.bytes ?? []).equals(Buffer.from(ninth?.bytes ?? []))).toBe(false);
    expect(
      Buffer.from(ninth?.bytes ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
