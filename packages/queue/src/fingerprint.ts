import { createHash } from 'node:crypto';
import type { DlqReasonLabel } from './dlq-reason-label';

/** Signatures that make up a fingerprint. */
const TOP_SIGNATURES = 3;

/** Options of {@link fingerprint}. */
export interface FingerprintOptions {
  /** The reason's label (its kind, or `refused:<category>`). */
  readonly reason: DlqReasonLabel;
  /** Issue signatures seen by the failed job, repeats included (they rank the top ones). */
  readonly signatures: readonly string[];
}

/**
 * A stable 16-hex-digit hash grouping dead-lettered jobs that failed the same way: the reason label and
 * the (up to 3) most frequent issue signatures, de-duplicated and sorted, so order and repeats do not matter.
 */
export function fingerprint(options: FingerprintOptions): string {
  const counts = new Map<string, number>();
  for (const signature of options.signatures) counts.set(signature, (counts.get(signature) ?? 0) + 1);
  const top = [...counts]
    .sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, TOP_SIGNATURES)
    .map(([signature]) => signature)
    .sort();
  return createHash('sha256')
    .update([options.reason, ...top].join('\n'))
    .digest('hex')
    .slice(0, 16);
}
