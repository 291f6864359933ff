import { z } from 'zod';

/** An `output_config.effort` level, lowest first. */
export const Effort = z.enum(['low', 'medium', 'high', 'xhigh', 'max']);
export type Effort = z.infer<typeof Effort>;

/** Effort levels in ascending order, for ladders. */
export const effortLevels: readonly Effort[] = Effort.options;

/** USD per million tokens, by kind of token. */
export const TokenPrices = z.object({
  input: z.number().nonnegative().finite(),
  output: z.number().nonnegative().finite(),
  /** 5-minute cache write. */
  cacheWrite5m: z.number().nonnegative().finite(),
  /** 1-hour cache write. */
  cacheWrite1h: z.number().nonnegative().finite(),
  cacheRead: z.number().nonnegative().finite(),
});
export type TokenPrices = z.infer<typeof TokenPrices>;

/**
 * A price tier: once a request's prompt (input + cache reads + cache writes) is larger than
 * `aboveInputTokens`, every token of that request is priced at `prices`.
 */
export const PriceTier = z.object({
  aboveInputTokens: z.number().int().positive(),
  prices: TokenPrices,
});
export type PriceTier = z.infer<typeof PriceTier>;

/** How a model thinks: `none` (no thinking), `optional` (off unless asked), `adaptive` (on by default), `always` (cannot be turned off). */
export const ThinkingMode = z.enum(['none', 'optional', 'adaptive', 'always']);
export type ThinkingMode = z.infer<typeof ThinkingMode>;

/** Where a fact came from and when it was last checked. */
export const SpecSource = z.object({
  url: z.string().url(),
  /** ISO date (YYYY-MM-DD) the entry was checked against the page. */
  checked: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type SpecSource = z.infer<typeof SpecSource>;

/** Everything Quarry needs to know about one model family to price it and send it only what it accepts. */
export const ModelSpec = z.object({
  /** Human name, e.g. "Claude Haiku 5.5". */
  name: z.string().min(1),
  prices: TokenPrices,
  /** Higher-priced tiers by prompt size, ascending by threshold. */
  tiers: z.array(PriceTier).default([]),
  /** Prefixes shorter than this many tokens are silently not cached by the API. */
  minCacheableTokens: z.number().int().positive(),
  /** Tokens this model counts for the same text, relative to the pre-4.7 tokenizer (1.3 ≈ 30 % more). */
  tokenizerFactor: z.number().positive().finite(),
  /** `tool_choice` of type `tool` or `any` is accepted (else 400). */
  forcedToolChoice: z.boolean(),
  /** `temperature`, `top_p`, `top_k` are accepted (else 400). */
  samplingParameters: z.boolean(),
  /** A trailing assistant message (prefill) is accepted (else 400). */
  assistantPrefill: z.boolean(),
  /** Native structured outputs (`output_config.format`). */
  structuredOutputs: z.boolean(),
  thinking: ThinkingMode,
  /** Default `output_config.effort`; null where the model takes no effort parameter. */
  defaultEffort: Effort.nullable(),
  /** ISO date after which the API no longer serves the model; null when none is announced. */
  retiresOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  source: SpecSource,
});
export type ModelSpec = z.infer<typeof ModelSpec>;
export type ModelSpecInput = z.input<typeof ModelSpec>;

/**
 * Model families by id prefix. A model id matches the longest key it starts with
 * (`claude-haiku-4-5-20251001` → `claude-haiku-4-5`).
 */
export const ModelTable = z.record(z.string().min(1), ModelSpec);
export type ModelTable = z.infer<typeof ModelTable>;
