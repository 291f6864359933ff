import { terminalText } from '@quarry/env';

/**
 * Why an evaluation run cannot start:
 * - `bad-run`: the run's metadata (`run`) is not valid;
 * - `duplicate-id`: two items share an id;
 * - `unscorable`: an item's expected output (or, for DocuBench scoring, the schema) is refused by
 *   scoring; `cause` is the `ScoreInputError`.
 */
export type EvalRunProblem = 'bad-run' | 'duplicate-id' | 'unscorable';

/** An evaluation run refused before any item is launched, naming the problem and the item. */
export class EvalRunError extends Error {
  override readonly name = 'EvalRunError';
  readonly problem: EvalRunProblem;
  /** The item concerned; null for `bad-run`. */
  readonly itemId: string | null;

  constructor(options: { problem: EvalRunProblem; itemId?: string; detail: string; cause?: unknown }) {
    const item = options.itemId === undefined ? '' : ` (item ${terminalText(options.itemId)})`;
    super(`Cannot run the evaluation${item}: ${options.detail} (${options.problem})`, {
      cause: options.cause,
    });
    this.problem = options.problem;
    this.itemId = options.itemId ?? null;
  }
}
