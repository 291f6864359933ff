import type { BlobStore } from '@quarry/core';
import type { DocumentAccess } from '../auth/document-access';
import type { PageTextCache } from './page-text-cache';

/** Where the pages read document jobs' originals from, the text already extracted, and who may see them. */
export interface DashboardDocuments {
  /** Null when none is configured (no page text of blobs, no downloads). */
  readonly blobs: BlobStore | null;
  readonly cache: PageTextCache;
  readonly access: DocumentAccess;
}
