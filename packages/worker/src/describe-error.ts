/** What of an error is safe to log: its name, message and classification, never records or model output. */
export interface ErrorSummary {
  readonly name: string;
  readonly message: string;
  readonly kind?: string;
  readonly status?: number | null;
  readonly requestId?: string | null;
}

/**
 * Summarises an error for the log. Errors of the extraction loop carry attempt records with the
 * model's output, so they are never logged whole.
 */
export function describeError(error: unknown): ErrorSummary {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error) };
  const fields = error as Error & { kind?: unknown; status?: unknown; requestId?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof fields.kind === 'string' ? { kind: fields.kind } : {}),
    ...(typeof fields.status === 'number' || fields.status === null ? { status: fields.status } : {}),
    ...(typeof fields.requestId === 'string' ? { requestId: fields.requestId } : {}),
  };
}
