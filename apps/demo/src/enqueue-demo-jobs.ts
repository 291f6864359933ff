import type { EnqueuedJob, QuarryClient } from '@quarry/client';
import type { Lane } from '@quarry/core';
import type { DemoDocument } from './demo-documents';

/**
 * Enqueues the demo's documents in `lane`: texts in one call, PDFs one by one through
 * `enqueueDocument` (stored in the client's blob store, enqueued by reference). Jobs in the
 * documents' order.
 */
export async function enqueueDemoJobs(options: {
  readonly client: QuarryClient;
  readonly documents: readonly DemoDocument[];
  readonly lane: Lane;
}): Promise<EnqueuedJob[]> {
  const { client, lane } = options;
  const jobOptions = (document: DemoDocument) => ({ metadata: { sample: document.sample.id }, lane });
  const jobs: EnqueuedJob[] = [];
  for (const document of options.documents) {
    if (document.pdf === null) continue;
    jobs.push(
      await client.enqueueDocument({
        workflow: document.sample.workflow,
        bytes: document.pdf.bytes,
        options: jobOptions(document),
      }),
    );
  }
  if (jobs.length > 0) return jobs;
  return client.enqueueMany(
    options.documents.map((document) => ({
      workflow: document.sample.workflow,
      input: { text: document.sample.text },
      options: jobOptions(document),
    })),
  );
}
