/** Why a URL is not fetched at all. */
export type UnsafeUrlProblem = 'invalid_url' | 'scheme' | 'address' | 'no_address';

/** The URL, or a redirect it led to, points where a download must not go (SSRF guard). */
export class UnsafeUrlError extends Error {
  override readonly name = 'UnsafeUrlError';
  readonly problem: UnsafeUrlProblem;
  /** The URL without its query, credentials or fragment (they may hold secrets). */
  readonly url: string;
  /** The refused address and its range (`problem: 'address'` only). */
  readonly address: string | null;
  readonly range: string | null;

  constructor(options: {
    problem: UnsafeUrlProblem;
    message: string;
    url: string;
    address?: string;
    range?: string;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.problem = options.problem;
    this.url = options.url;
    this.address = options.address ?? null;
    this.range = options.range ?? null;
  }
}

/** Why a download that was allowed to start did not give a document. */
export type FetchProblem =
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_status'
  | 'content_type_mismatch'
  | 'unsupported_type'
  | 'network';

/** A download failed; `problem` says how, and the fields that apply to it are set. */
export class DocumentFetchError extends Error {
  override readonly name = 'DocumentFetchError';
  readonly problem: FetchProblem;
  /** The URL (of the last hop) without its query, credentials or fragment. */
  readonly url: string;
  /** The HTTP status (`http_status`). */
  readonly status: number | null;
  /** The type the server declared and the one the bytes show (`content_type_mismatch`, `unsupported_type`). */
  readonly declaredType: string | null;
  readonly detectedType: string | null;

  constructor(options: {
    problem: FetchProblem;
    message: string;
    url: string;
    status?: number;
    declaredType?: string | null;
    detectedType?: string | null;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.problem = options.problem;
    this.url = options.url;
    this.status = options.status ?? null;
    this.declaredType = options.declaredType ?? null;
    this.detectedType = options.detectedType ?? null;
  }
}

/** A URL as errors and logs may show it: scheme, host and path only. */
export function shownUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}
