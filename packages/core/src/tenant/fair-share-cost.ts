/** Input tokens a job costs on top of its document when its workflow's own size is not known. */
export const FAIR_SHARE_BASE_TOKENS = 1500;
/** Input tokens a PDF page costs about (text and image, as the Messages API counts them). */
export const FAIR_SHARE_PDF_PAGE_TOKENS = 1500;
/** Bytes of a document of unknown pages counted as one page. */
const BYTES_PER_UNKNOWN_PAGE = 50_000;

/** Options of {@link fairShareCost}. */
export interface FairShareCostOptions {
  /** Tokens every job of the workflow sends (instructions, schema, framing). Default {@link FAIR_SHARE_BASE_TOKENS}. */
  readonly fixedTokens?: number;
  /** Characters of text the job sends. */
  readonly textChars: number;
  /** Pages of its document, when it has one whose pages are known. */
  readonly pages?: number | undefined;
  /** Bytes of a document whose pages are not known (an image, a blob, a URL). */
  readonly documentBytes?: number | undefined;
}

/**
 * About how many input tokens a job will spend, for fair ordering between tenants: its workflow's
 * fixed part plus its text (four characters a token) or its document's pages. An estimate made
 * before the job runs, as a tag must be; every figure is clamped to a finite, non-negative value.
 */
export function fairShareCost(options: FairShareCostOptions): number {
  const fixed = finite(options.fixedTokens ?? FAIR_SHARE_BASE_TOKENS);
  const text = Math.ceil(finite(options.textChars) / 4);
  const pages =
    options.pages !== undefined
      ? Math.min(finite(options.pages), 5000)
      : options.documentBytes !== undefined
        ? Math.max(1, Math.ceil(finite(options.documentBytes) / BYTES_PER_UNKNOWN_PAGE))
        : 0;
  return Math.min(fixed + text + pages * FAIR_SHARE_PDF_PAGE_TOKENS, 1e12);
}

function finite(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}
