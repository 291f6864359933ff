/**
 * Why a PDF's pages could not be counted or sliced:
 * - `bad_range`: the pages asked for are not whole numbers from 1, in order, within the document;
 * - `unreadable`: the bytes are not a PDF the library can parse (damaged, truncated, not a PDF);
 * - `encrypted`: the PDF is encrypted (decrypt it with `decryptPdf` first);
 * - `timeout`: the work took longer than the deadline.
 */
export type PdfPagesProblem = 'bad_range' | 'unreadable' | 'encrypted' | 'timeout';

/** A PDF's pages could not be counted or sliced; `problem` says why. Never quotes the document. */
export class PdfPagesError extends Error {
  override readonly name = 'PdfPagesError';
  readonly problem: PdfPagesProblem;
  /** The pages asked for (`bad_range`), as given; null when counting. */
  readonly firstPage: number | null;
  readonly lastPage: number | null;
  /** The document's page count, when it was read before the problem. */
  readonly pageCount: number | null;

  constructor(options: {
    readonly problem: PdfPagesProblem;
    readonly message: string;
    readonly firstPage?: number | null;
    readonly lastPage?: number | null;
    readonly pageCount?: number | null;
    readonly cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.problem = options.problem;
    this.firstPage = options.firstPage ?? null;
    this.lastPage = options.lastPage ?? null;
    this.pageCount = options.pageCount ?? null;
  }
}
