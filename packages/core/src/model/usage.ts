import { z } from 'zod';

/** Token counts of one model call, or totals over several. */
export const Usage = z.object({
  inputTokens: z.number().int().nonnegative(),
  /** Includes thinking tokens, which are billed as output. */
  outputTokens: z.number().int().nonnegative(),
  /** All cache writes, 5-minute and 1-hour together. */
  cacheCreationInputTokens: z.number().int().nonnegative(),
  cacheReadInputTokens: z.number().int().nonnegative(),
  /** The part of `cacheCreationInputTokens` written with the 1-hour TTL (priced higher). */
  cacheCreation1hInputTokens: z.number().int().nonnegative().optional(),
  /** The part of `outputTokens` the model spent thinking. */
  thinkingTokens: z.number().int().nonnegative().optional(),
});
export type Usage = z.infer<typeof Usage>;

export const emptyUsage = (): Usage => ({
  inputTokens: 0,
  outputTokens: 0,
  cacheCreationInputTokens: 0,
  cacheReadInputTokens: 0,
});

const addOptional = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

export const addUsage = (a: Usage, b: Usage): Usage => {
  const sum: Usage = {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheCreationInputTokens: a.cacheCreationInputTokens + b.cacheCreationInputTokens,
    cacheReadInputTokens: a.cacheReadInputTokens + b.cacheReadInputTokens,
  };
  const oneHour = addOptional(a.cacheCreation1hInputTokens, b.cacheCreation1hInputTokens);
  const thinking = addOptional(a.thinkingTokens, b.thinkingTokens);
  return {
    ...sum,
    ...(oneHour === undefined ? {} : { cacheCreation1hInputTokens: oneHour }),
    ...(thinking === undefined ? {} : { thinkingTokens: thinking }),
  };
};
