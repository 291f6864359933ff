/** Bytes that are not UTF-8: the first malformed sequence starts at `offset`. */
export class InvalidUtf8Error extends Error {
  override readonly name = 'InvalidUtf8Error';
  /** Byte offset (0-based) of the first malformed or incomplete sequence. */
  readonly offset: number;
  /** 1-based line of that byte. */
  readonly line: number;
  /** The byte at `offset`. */
  readonly byte: number;

  constructor(options: { offset: number; line: number; byte: number; cause?: unknown }) {
    super(
      `invalid UTF-8 at byte offset ${options.offset} (line ${options.line}): byte 0x${options.byte.toString(16).padStart(2, '0')} does not start or continue a character`,
      { cause: options.cause },
    );
    this.offset = options.offset;
    this.line = options.line;
    this.byte = options.byte;
  }
}
