import type { OriginalDocument } from '../pages/original-document';
import type { DashboardDocuments } from './dashboard-documents';
import { documentPages } from './document-pages';
import { jobDocumentSource } from './job-document-source';

/** The original document of a job's data for the job, review or DLQ page; null for a text job. */
export async function originalOf(options: {
  readonly jobData: unknown;
  readonly documents: DashboardDocuments;
  readonly downloadHref: string;
}): Promise<OriginalDocument | null> {
  const { blobs, cache } = options.documents;
  const document = jobDocumentSource(options.jobData);
  if (!document) return null;
  return {
    document,
    pages: await documentPages({ document, blobs, cache }),
    downloadHref: options.downloadHref,
    downloads: blobs !== null,
  };
}
