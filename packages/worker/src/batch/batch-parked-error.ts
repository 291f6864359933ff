/**
 * Thrown by the batch-lane model client when an attempt has no outcome yet: the attempt waits in
 * its model's collector (`batchId` null) or in batch `batchId`, and the job is parked.
 */
export class BatchParkedError extends Error {
  override readonly name = 'BatchParkedError';
  /** `<job key>#<attempt>`. */
  readonly ref: string;
  /** The batch the attempt waits on; null while it waits to be collected. */
  readonly batchId: string | null;

  constructor(options: { readonly ref: string; readonly batchId: string | null }) {
    super(
      options.batchId
        ? `Attempt ${options.ref} waits on batch ${options.batchId}`
        : `Attempt ${options.ref} waits to be collected into a batch`,
    );
    this.ref = options.ref;
    this.batchId = options.batchId;
  }
}
