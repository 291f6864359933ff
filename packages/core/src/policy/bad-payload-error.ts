/**
 * A job whose stored data could not be read at all: a field of the job (its data, its options) is
 * not JSON. Nothing can be extracted from it, so the failure policy dead-letters it with reason
 * `bad_payload`, keeping a capped copy of the raw text in the record.
 */
export class BadPayloadError extends Error {
  override readonly name = 'BadPayloadError';
  /** The fields of the stored job that could not be read, e.g. `['data']`. */
  readonly fields: readonly string[];

  constructor(options: { message: string; fields: readonly string[]; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.fields = options.fields;
  }
}
