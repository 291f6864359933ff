/** A run too large to store. */
export class EvalRunTooLargeError extends Error {
  override readonly name = 'EvalRunTooLargeError';
  readonly bytes: number;
  readonly maxBytes: number;

  constructor(options: { readonly runId: string; readonly bytes: number; readonly maxBytes: number }) {
    super(
      `evaluation run ${options.runId} is ${options.bytes} bytes, over the ${options.maxBytes} a stored run may take`,
    );
    this.bytes = options.bytes;
    this.maxBytes = options.maxBytes;
  }
}
