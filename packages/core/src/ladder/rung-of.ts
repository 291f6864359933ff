import type { AttemptRecord } from '../attempts/attempt-record';

/** A snapshot suffix: `-20251001` (Claude API) or `@20251001` (Google Cloud). */
const snapshotSuffix = /^[-@]\d{8}$/;

const isRungModel = (model: string, rung: string): boolean =>
  model === rung || (model.startsWith(rung) && snapshotSuffix.test(model.slice(rung.length)));

/** True when the attempt was asked of `modelId` (see {@link rungOf} for how a model is matched). */
export const askedOf = (record: Pick<AttemptRecord, 'model' | 'fallbackFrom'>, modelId: string): boolean =>
  isRungModel(record.fallbackFrom ?? record.model, modelId);

/**
 * The ladder rung an attempt was asked on: the model asked (`fallbackFrom` when a server-side
 * fallback answered, else `model`), matched exactly or as the rung's id with a snapshot date
 * (`claude-haiku-5-5-20260301` is on rung `claude-haiku-5-5`). 0 when it matches no rung (an
 * attempt stored before the workflow's ladder changed counts as the cheapest rung's).
 */
export function rungOf(
  record: Pick<AttemptRecord, 'model' | 'fallbackFrom'>,
  ladder: readonly string[],
): number {
  const rung = ladder.findIndex((model) => askedOf(record, model));
  return rung === -1 ? 0 : rung;
}
