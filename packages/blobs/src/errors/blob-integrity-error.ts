/** The bytes stored under a key do not hash to it (changed or damaged in storage); they are not returned. */
export class BlobIntegrityError extends Error {
  override readonly name = 'BlobIntegrityError';
  readonly key: string;
  readonly actualKey: string;

  constructor(options: { key: string; actualKey: string }) {
    super(
      `the bytes stored under ${options.key} hash to ${options.actualKey}: the blob was changed or damaged`,
    );
    this.key = options.key;
    this.actualKey = options.actualKey;
  }
}
