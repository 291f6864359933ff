/** One or more DLQ ids name no DLQ record (never written, or pruned by retention). */
export class DlqRecordNotFoundError extends Error {
  override readonly name = 'DlqRecordNotFoundError';
  readonly dlqIds: readonly string[];

  constructor(options: { readonly dlqIds: readonly string[] }) {
    super(`No DLQ record ${options.dlqIds.map((id) => `"${id}"`).join(', ')}`);
    this.dlqIds = options.dlqIds;
  }
}
