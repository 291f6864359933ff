import type { DocumentLimits } from '../document-limits';
import { PdfPagesError } from './pdf-pages-error';
import { loadPdfLib, OBJECTS_PER_TICK, withPdfLib } from './with-pdf-lib';

/** A page number as printed in a message: finite numbers as they are, anything else by its type. */
const shown = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : `a ${typeof value}`;

/**
 * A new PDF holding pages `firstPage` to `lastPage` (1-based, both included) of a PDF, copied with
 * pdf-lib (`copyPages`: content, fonts and images the pages use; nothing else of the source), in
 * order, with fixed metadata (the same input gives the same bytes). Runs within one deadline
 * (`limits.timeoutMs`, default 15 s).
 * @throws PdfPagesError `bad_range` (pages not whole numbers, `firstPage` below 1 or after
 *   `lastPage`, `lastPage` past the document's last page), `unreadable`, `encrypted`, `timeout`.
 * An abort of `signal` rejects with its reason.
 */
export async function slicePdfPages(options: {
  readonly bytes: Uint8Array;
  readonly firstPage: number;
  readonly lastPage: number;
  readonly limits?: Partial<DocumentLimits> | undefined;
  readonly signal?: AbortSignal | undefined;
}): Promise<Uint8Array> {
  const { firstPage, lastPage } = options;
  const badRange = (message: string, pageCount: number | null = null): PdfPagesError =>
    new PdfPagesError({ problem: 'bad_range', message, firstPage, lastPage, pageCount });
  if (!Number.isSafeInteger(firstPage) || !Number.isSafeInteger(lastPage))
    throw badRange(
      `pages must be whole numbers; got firstPage ${shown(firstPage)} and lastPage ${shown(lastPage)}`,
    );
  if (firstPage < 1) throw badRange(`firstPage must be 1 or more; got ${firstPage}`);
  if (lastPage < firstPage)
    throw badRange(`lastPage (${lastPage}) must not be before firstPage (${firstPage})`);
  return withPdfLib(options, async (lib, signal) => {
    const source = await loadPdfLib(lib, options.bytes);
    const count = source.getPageCount();
    if (lastPage > count)
      throw badRange(`the PDF has ${count} pages; pages ${firstPage} to ${lastPage} were asked for`, count);
    signal.throwIfAborted();
    const slice = await lib.PDFDocument.create({ updateMetadata: false });
    const indices = Array.from({ length: lastPage - firstPage + 1 }, (_, index) => firstPage - 1 + index);
    for (const page of await slice.copyPages(source, indices)) slice.addPage(page);
    signal.throwIfAborted();
    return slice.save({ objectsPerTick: OBJECTS_PER_TICK, updateFieldAppearances: false });
  });
}
