/** A key that is not a blob key (`sha256:` and 64 lower-case hex digits): refused before any I/O. */
export class InvalidBlobKeyError extends Error {
  override readonly name = 'InvalidBlobKeyError';

  constructor() {
    // The key itself is not echoed: it came from outside and may be anything.
    super('not a blob key: expected "sha256:" and 64 lower-case hex digits');
  }
}
