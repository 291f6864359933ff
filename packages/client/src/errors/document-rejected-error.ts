/**
 * Why a document was refused before anything was stored or enqueued; `bad_document`: truncated,
 * encrypted or damaged; `too_large` also covers too many pages, too large an image or a deflate bomb.
 */
export type DocumentProblem =
  | 'empty'
  | 'too_large'
  | 'unknown_type'
  | 'unsupported_type'
  | 'type_mismatch'
  | 'bad_document';

/**
 * A document given by its bytes was refused before anything was stored or enqueued: it is empty,
 * over the blob store's size cap or a platform limit, truncated, encrypted or damaged, of a type that could not be told from its bytes or that Quarry
 * does not take, or not of the media type the caller named. The message names the problem.
 */
export class DocumentRejectedError extends Error {
  override readonly name = 'DocumentRejectedError';
  readonly problem: DocumentProblem;
  /** The document's size in bytes. */
  readonly size: number;
  /** The type its bytes show (`application/zip`…), or `null` when none could be told. */
  readonly detected: string | null;

  constructor(options: { problem: DocumentProblem; message: string; size: number; detected: string | null }) {
    super(options.message);
    this.problem = options.problem;
    this.size = options.size;
    this.detected = options.detected;
  }
}
