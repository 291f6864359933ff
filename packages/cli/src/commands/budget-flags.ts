import type { JobBudget } from '@quarry/queue';
import { UsageError } from '../usage-error';

/** The `parseArgs` options of the budget flags of `quarry enqueue`. */
export const budgetFlagOptions = {
  'max-tokens': { type: 'string' },
  'max-cost-usd': { type: 'string' },
} as const;

/** The help lines of the budget flags. */
export const budgetFlagHelp = `      --max-tokens <N>    budget: tokens the job may use over all its model calls
      --max-cost-usd <USD>
                          budget: US dollars the job may spend over all its model calls
                          (default: the worker's JOB_MAX_COST_USD, if set); over it the job is
                          dead-lettered as budget_exhausted`;

/** A decimal number as typed on a command line (no exponent, no sign, no hex); NaN when it is not one. */
const decimal = (text: string): number => (/^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN);

/**
 * The job budget the flags ask for, or undefined when neither is given. Ranges (at most 100,000,000
 * tokens, 1000 US dollars) are checked with the rest of the job, naming `budget.…`.
 * @throws UsageError naming the flag when a value is not a positive number (tokens: a whole number).
 */
export function readBudgetFlags(values: {
  readonly 'max-tokens'?: string | undefined;
  readonly 'max-cost-usd'?: string | undefined;
}): JobBudget | undefined {
  const tokensText = values['max-tokens'];
  const costText = values['max-cost-usd'];
  if (tokensText === undefined && costText === undefined) return undefined;
  const budget: { maxTokens?: number; maxCostUsd?: number } = {};
  if (tokensText !== undefined) {
    const tokens = decimal(tokensText);
    if (!Number.isSafeInteger(tokens) || tokens <= 0) {
      throw new UsageError(`--max-tokens must be a positive whole number of tokens, got "${tokensText}"`);
    }
    budget.maxTokens = tokens;
  }
  if (costText !== undefined) {
    const usd = decimal(costText);
    if (!Number.isFinite(usd) || usd <= 0) {
      throw new UsageError(`--max-cost-usd must be a positive number of US dollars, got "${costText}"`);
    }
    budget.maxCostUsd = usd;
  }
  return budget;
}
