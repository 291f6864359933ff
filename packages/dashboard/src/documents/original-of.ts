import type { BlobStore } from '@quarry/core';
import type { OriginalDocument } from '../pages/original-document';
import { documentPages } from './document-pages';
import { jobDocumentSource } from './job-document-source';

/** The original document of a job's data for the job or DLQ page; null for a text job. */
export async function originalOf(options: {
  readonly jobData: unknown;
  readonly blobs: BlobStore | null;
  readonly downloadHref: string;
}): Promise<OriginalDocument | null> {
  const document = jobDocumentSource(options.jobData);
  if (!document) return null;
  return {
    document,
    pages: await documentPages({ document, blobs: options.blobs }),
    downloadHref: options.downloadHref,
    downloads: options.blobs !== null,
  };
}
