/** A batch id this queue has no record of (never its batch, or ended longer ago than the records are kept). */
export class UnknownBatchError extends Error {
  override readonly name = 'UnknownBatchError';
  readonly batchId: string;

  constructor(options: { batchId: string }) {
    super(`no batch ${options.batchId} is known to this queue (in flight or ended within the last 7 days)`);
    this.batchId = options.batchId;
  }
}
