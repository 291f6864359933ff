import type { AttemptRecord } from '../attempts/attempt-record';
import { uniqueSignatures } from '../issues/issue-signature';
import type { BuildRequestOptions } from '../request/build-request';

/**
 * What the next request reports back to the model: the failed attempt, and the issue signatures
 * of every attempt before it. Undefined when no attempt has failed yet.
 */
export function retryFeedback(
  failed: AttemptRecord | null,
  records: readonly AttemptRecord[],
): BuildRequestOptions['retry'] {
  if (!failed) return undefined;
  return {
    failed,
    earlier: records
      .filter((record) => record.n < failed.n)
      .map((record) => ({ n: record.n, signatures: uniqueSignatures(record.issues) })),
  };
}
