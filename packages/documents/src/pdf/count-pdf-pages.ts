import type { DocumentLimits } from '../document-limits';
import { loadPdfLib, withPdfLib } from './with-pdf-lib';

/**
 * The number of pages of a PDF, as its page tree gives it (read with pdf-lib, no page content is
 * parsed), within one deadline (`limits.timeoutMs`, default 15 s).
 * @throws PdfPagesError `unreadable` (empty, damaged or not a PDF), `encrypted`, `timeout`.
 * An abort of `signal` rejects with its reason.
 */
export async function countPdfPages(options: {
  readonly bytes: Uint8Array;
  readonly limits?: Partial<DocumentLimits> | undefined;
  readonly signal?: AbortSignal | undefined;
}): Promise<number> {
  return withPdfLib(options, async (lib) => (await loadPdfLib(lib, options.bytes)).getPageCount());
}
