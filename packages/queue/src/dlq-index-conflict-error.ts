/** A DLQ index change kept meeting concurrent changes of the same records and gave up; nothing was half done. */
export class DlqIndexConflictError extends Error {
  override readonly name = 'DlqIndexConflictError';
  /** The record(s) concerned. */
  readonly dlqIds: readonly string[];
  readonly rounds: number;

  constructor(options: { readonly dlqIds: readonly string[]; readonly rounds: number }) {
    super(
      `Indexing DLQ record(s) ${options.dlqIds.slice(0, 3).join(', ')}${options.dlqIds.length > 3 ? ', …' : ''} gave up after ${options.rounds} rounds of concurrent changes`,
    );
    this.dlqIds = options.dlqIds;
    this.rounds = options.rounds;
  }
}
