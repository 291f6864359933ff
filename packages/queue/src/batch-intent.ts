/** A submission saved before its create call (phase one). */
export interface BatchIntent {
  readonly intentId: string;
  readonly model: string;
  readonly createdAtMs: number;
  /** `unknown` once its create call failed without saying whether the batch was created. */
  readonly state: 'pending' | 'unknown';
  /** custom_id → ref. */
  readonly entries: Readonly<Record<string, string>>;
}

/** The intent from its two stored hashes (`BatchKeys.intent`, `BatchKeys.intentEntries`); null once it is gone. */
export function batchIntentOf(
  intentId: string,
  meta: Readonly<Record<string, string>>,
  entries: Record<string, string>,
): BatchIntent | null {
  if (!meta.model) return null;
  const state = meta.state === 'unknown' ? 'unknown' : 'pending';
  return { intentId, model: meta.model, createdAtMs: Number(meta.createdAt), state, entries };
}
