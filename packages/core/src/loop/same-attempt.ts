import type { AttemptRecord } from '../attempts/attempt-record';
import { uniqueSignatures } from '../issues/issue-signature';

/**
 * True when two attempts of the same model at the same effort produced the same output and the same
 * set of issue signatures (no progress). A repeat at a higher effort (the effort ladder) or by
 * another model (the model ladder) is never "no progress".
 */
export function sameAttempt(a: AttemptRecord, b: AttemptRecord): boolean {
  if (a.model !== b.model) return false;
  if ((a.effort ?? null) !== (b.effort ?? null)) return false;
  if (a.rawOutput !== b.rawOutput || a.rawOutputTruncated !== b.rawOutputTruncated) return false;
  const left = uniqueSignatures(a.issues).sort();
  const right = uniqueSignatures(b.issues).sort();
  return left.length === right.length && left.every((signature, i) => signature === right[i]);
}
