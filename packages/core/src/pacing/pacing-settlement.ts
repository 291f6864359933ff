import type { Usage } from '../model/usage';
import type { PacingDraw } from './pacing-draw';

/** Units to take from (positive) or give back to (negative) a budget after a call. */
export interface PacingSettlement {
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * How a call's draw is reconciled once it returned: with its real usage (uncached input = input
 * plus cache writes; output as billed) when it answered, else its tokens are given back (a call
 * that failed used none), and its request too when it was never sent (its wait was cut short).
 */
export function pacingSettlement(options: {
  readonly drawn: PacingDraw;
  /** The usage of the answer; null when the call failed or was abandoned. */
  readonly usage: Usage | null;
  /** False when the call was never sent. Default true. */
  readonly sent?: boolean;
}): PacingSettlement {
  const { drawn, usage } = options;
  if (usage === null) {
    const requests = options.sent === false ? -drawn.requests : 0;
    return { requests, inputTokens: -drawn.inputTokens, outputTokens: -drawn.outputTokens };
  }
  return {
    requests: 0,
    inputTokens: usage.inputTokens + usage.cacheCreationInputTokens - drawn.inputTokens,
    outputTokens: usage.outputTokens - drawn.outputTokens,
  };
}
