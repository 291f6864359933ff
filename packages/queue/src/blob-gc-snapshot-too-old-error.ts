/**
 * A `blobs gc` run has gone on for longer than producers' marks are kept: a blob enqueued since its
 * references were read may have lost its mark, so the run deletes nothing more. Run gc again.
 */
export class BlobGcSnapshotTooOldError extends Error {
  override readonly name = 'BlobGcSnapshotTooOldError';
  /** When the run read its references (ms, Redis time). */
  readonly startedAt: number;

  constructor(options: { startedAt: number }) {
    super(
      `the references this gc read at ${new Date(options.startedAt).toISOString()} are older than the marks kept for enqueued blobs; run gc again`,
    );
    this.startedAt = options.startedAt;
  }
}
