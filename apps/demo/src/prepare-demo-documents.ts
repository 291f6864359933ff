import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoConfig } from './demo-config';
import { demoSamples } from './demo-corpus';
import { type DemoDocument, pdfDocuments } from './demo-documents';

/** The documents of a run, and where their PDFs are stored (null for text). */
export interface PreparedDemoDocuments {
  readonly documents: readonly DemoDocument[];
  readonly blobDir: string | null;
}

/**
 * The run's documents: the samples as text, or their PDF renderings (`--documents pdf`), which go to
 * the blob store: `QUARRY_BLOB_DIR`, else a directory of the run's own, removed by `onCleanup`.
 */
export async function prepareDemoDocuments(options: {
  readonly config: DemoConfig;
  readonly onCleanup: (cleanup: () => Promise<unknown>) => void;
}): Promise<PreparedDemoDocuments> {
  const { args, env } = options.config;
  if (args.documents !== 'pdf') {
    return { documents: demoSamples(args.limit).map((sample) => ({ sample, pdf: null })), blobDir: null };
  }
  const documents = await pdfDocuments(args.limit);
  const blobDir = env.QUARRY_BLOB_DIR ?? (await mkdtemp(join(tmpdir(), 'quarry-demo-blobs-')));
  if (env.QUARRY_BLOB_DIR === undefined)
    options.onCleanup(() => rm(blobDir, { recursive: true, force: true }));
  return { documents, blobDir };
}
