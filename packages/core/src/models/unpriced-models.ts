/** A model id of the installed SDK that the default table deliberately leaves out, and why. */
export interface UnpricedModel {
  readonly id: string;
  readonly reason: string;
}

/**
 * Model ids the SDK's `Model` type lists that Quarry deliberately does not price: a job on one of
 * them reports `costUsd: null` with an `unknown_model_price` warning. Add an entry through
 * `QUARRY_MODELS_FILE` (docs/models.md) to price one. A test fails when an SDK id is neither in the
 * default table nor here.
 */
export const unpricedModels: readonly UnpricedModel[] = [
  {
    id: 'claude-mythos-preview',
    reason:
      'invitation-only research preview (Project Glasswing), replaced by Claude Mythos 5; no public price found',
  },
];
