import { Effort, type ModelTable } from '@quarry/core';
import { z } from 'zod';
import type { BatchOptions } from './batch-options';
import { faultKinds } from './fault';
import type { FileOptions } from './file-options';
import { parsePath } from './json-path';
import { wireRefusalCategories } from './messages-wire';
import { MutationKind } from './mutation';
import { PlantOptions } from './plant-options';
import type { RateLimitOptions } from './rate-limit-options';
import type { RecordedRequest } from './recorded-request';
import { HeaderText, type StandinReply } from './standin-reply';

const Rate = z.number().min(0).max(1);

/**
 * A document the simulated model knows, with the answer a perfect extraction gives: by its `text`
 * (found in a request's document block, or a PDF's text layer), or by the `sha256` (hex) of its
 * bytes (a PDF or image sent as it is; a real model reads images and scans, so the stand-in answers
 * these too). `id` names it in reports (a labelled set's item id).
 */
export const CorpusEntry = z
  .object({
    workflow: z.string().min(1),
    text: z.string().min(1).optional(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, 'sha256: 64 lower-case hex digits')
      .optional(),
    id: z.string().min(1).optional(),
    truth: z.unknown().refine((value) => value !== undefined, 'truth: Field required'),
  })
  .refine(
    (entry) => entry.text !== undefined || entry.sha256 !== undefined,
    'a corpus entry needs its text or the sha256 of its bytes',
  );
export type CorpusEntry = z.infer<typeof CorpusEntry>;

/**
 * Random mistakes in first replies. One draw per document decides: below `unfixableRate` the
 * document's mistakes are never fixed (every reply repeats them), below `max(rate,
 * unfixableRate)` they are fixed once feedback names their path, above it the reply is right.
 * So `rate` is the share of documents whose first reply is wrong, `unfixableRate` the share that
 * stays wrong. Each affected reply gets `count` mistakes of kinds drawn by `kinds` weight among
 * the kinds that apply to the document (default: every kind, weight 1; when `kinds` is given,
 * the kinds it leaves out are not used).
 */
export const MistakeOptions = z.object({
  rate: Rate.default(0),
  unfixableRate: Rate.default(0),
  count: z.number().int().positive().default(1),
  kinds: z.partialRecord(MutationKind, z.number().nonnegative()).optional(),
});
export type MistakeOptions = z.input<typeof MistakeOptions>;

/** A field path as issues write it, `[]` for every index (`lineItems[].amount`). */
const PathPattern = z.string().superRefine((path, context) => {
  try {
    parsePath(path);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

/**
 * A mistake the simulated model makes in every reply for the workflow's documents unless the
 * request names `path` outside the document (in the text after the document in the first user
 * message, or in feedback). `path` may use `[]` for every index (`lineItems[].amount`).
 */
export const PersistentMistake = z.object({
  workflow: z.string().min(1),
  path: PathPattern,
  mutation: MutationKind,
});
export type PersistentMistake = z.infer<typeof PersistentMistake>;

/**
 * Invented values: one seeded draw per document decides whether its answers invent a value absent
 * from the document (a number with two digits swapped, a date a day later, an invoice number with
 * its last digit changed; see `planHallucination`), until feedback names the value's path. `rate`
 * is the share of documents; `quoteRate` the share of those whose quote, when the request asks for
 * evidence, is made up (the invented value itself) rather than the true passage.
 */
export const HallucinationOptions = z.object({
  rate: Rate.default(0),
  quoteRate: Rate.default(0.5),
  /**
   * Only these fields are invented (paths as issues write them, `[]` for every index:
   * `invoiceNumber`, `lineItems[].amount`); default every leaf with something to misread.
   */
  paths: z.array(PathPattern).min(1).optional(),
});
export type HallucinationOptions = z.input<typeof HallucinationOptions>;

/**
 * The simulated model: it finds the corpus document contained in the request's document block
 * (the first text block of the first user message), answers its truth in the request's strategy
 * with the configured mistakes, and answers 400 to a document outside the corpus.
 */
export const SimulateOptions = z.object({
  corpus: z.array(CorpusEntry).min(1, 'the corpus needs at least one document'),
  mistakes: MistakeOptions.prefault({}),
  persistentMistakes: z.array(PersistentMistake).default([]),
  hallucinations: HallucinationOptions.prefault({}),
  /** Field mistakes feedback never fixes, planted per document (see {@link PlantOptions}); default none. */
  plant: PlantOptions.optional(),
  /**
   * Skill by `output_config.effort`: the share of documents answered right at that effort (one
   * seeded draw per document, so a document right at one level stays right at a level with at
   * least the same skill). A document answered at an effort it is wrong at gets one mistake that
   * feedback does not fix; only a higher effort does. Levels left out are always right. The
   * effort of a request is its `output_config.effort`, else the model's default from the table.
   */
  effortSkill: z.partialRecord(Effort, Rate).optional(),
  /**
   * Skill by model id (the request's `model`): the share of documents the model answers right first
   * time, and the share of the others whose mistake it fixes once feedback names its path (one
   * seeded draw each per document, shared by every model: a document right for a model is right
   * for every model at least as skilled). Models left out are always right. E.g.
   * `{ 'claude-haiku-5-5': 0.7, 'claude-sonnet-5-5': 0.95 }`.
   */
  modelSkill: z.record(z.string().min(1), Rate).optional(),
  /** Seed of the mistakes; defaults to the stand-in's `seed`. */
  seed: z.number().int().optional(),
});
export type SimulateOptions = z.input<typeof SimulateOptions>;

/**
 * Fault rates (0..1, adding up to at most 1): one draw per call, seeded by the stand-in's `seed`,
 * the document and the call's number for that document, so a retried call draws again.
 * `truncate` cuts the answer in half with `stop_reason: 'max_tokens'`; `refusal` answers a
 * refusal naming `refusalCategory` (a request naming `fallbacks` then gets the answer from its first
 * fallback model); `toolUse` answers with a `tool_use` block of a tool nobody offered instead of
 * the requested form; `echoRequest` answers a 500 whose error message repeats the whole request
 * body (document included); `echoKey` answers a 401 whose message repeats the API key received;
 * `stall` sends the headers and the start of the body, then nothing (the reply `stall`);
 * the others answer 429, 529, 500, or reset the connection. A 429 carries `retry-after:
 * retryAfterSeconds`, or `retryAfter` as it is when given (e.g. `999999`, `-5`, `soon`).
 */
export const FaultOptions = z
  .object({
    rateLimit: Rate.default(0),
    overloaded: Rate.default(0),
    serverError: Rate.default(0),
    reset: Rate.default(0),
    truncate: Rate.default(0),
    refusal: Rate.default(0),
    echoRequest: Rate.default(0),
    echoKey: Rate.default(0),
    toolUse: Rate.default(0),
    stall: Rate.default(0),
    /** The `stop_details.category` of injected refusals; null names none. */
    refusalCategory: z.enum(wireRefusalCategories).nullable().default(null),
    retryAfterSeconds: z.number().nonnegative().default(1),
    retryAfter: HeaderText.optional(),
  })
  .refine(
    (faults) => faultKinds.reduce((sum, kind) => sum + faults[kind], 0) <= 1,
    'the fault rates add up to more than 1',
  );
export type FaultOptions = z.input<typeof FaultOptions>;

/**
 * Delay before every answer (errors and resets included). `uniform`: between `meanMs - jitterMs`
 * and `meanMs + jitterMs`; `normal`: mean `meanMs`, standard deviation `jitterMs`. Never below 0.
 */
export const LatencyOptions = z.object({
  meanMs: z.number().nonnegative(),
  jitterMs: z.number().nonnegative().default(0),
  distribution: z.enum(['uniform', 'normal']).default('uniform'),
});
export type LatencyOptions = z.input<typeof LatencyOptions>;

/** Answers request `index` (0-based, counting valid requests). */
export type StandinScript = (request: RecordedRequest, index: number) => StandinReply | Promise<StandinReply>;

/** Options of `startStandin`; exactly one of `script` and `simulate` is required. */
export interface StandinOptions {
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** Default 0 (any free port). */
  readonly port?: number;
  /** Scripted mode: one reply per request in order (500 once they run out), or a function. */
  readonly script?: readonly StandinReply[] | StandinScript;
  /** Simulated-model mode. */
  readonly simulate?: SimulateOptions;
  readonly faults?: FaultOptions;
  readonly latency?: LatencyOptions;
  /** Seed of faults, latency and (unless `simulate.seed` is set) mistakes. Default 0. */
  readonly seed?: number;
  /**
   * Keep requests in `standin.requests`: `true` (default) keeps the latest 1000, `{ max }` the
   * latest `max` (the oldest tenth is dropped when full), `false` none.
   */
  readonly record?: boolean | { readonly max: number };
  /** When set, requests whose `x-api-key` (or bearer token) differs get 401. */
  readonly apiKey?: string;
  /**
   * Names the document of a request for `stats.perDocument` and the seeded draws: a function of
   * the document text, or a pattern whose first group (else whole match) is the name. Default: a
   * hash of the document text (the first text block of the first user message).
   */
  readonly documentKey?: RegExp | ((document: string) => string);
  /**
   * What the model reads on the page images of PDFs without a text layer (scans, outlined text),
   * by the PDF's sha-256 (hex): the real model reads page images, the stand-in does no OCR, so it
   * reads only the PDFs named here. Default: none (such a PDF is unreadable).
   */
  readonly pageImageText?: ReadonlyMap<string, string>;
  /** Prompt-cache entries kept (least recently used go first). Default 10,000. */
  readonly cacheEntries?: number;
  /**
   * `model`: a cache breakpoint before fewer tokens than the model's `minCacheableTokens` caches
   * nothing, as the API silently does; `none` (the default): every breakpoint caches.
   */
  readonly cacheMinimum?: 'model' | 'none';
  /** Largest request body accepted (413 above). Default 32 MiB. */
  readonly maxBodyBytes?: number;
  /**
   * The model table whose rules the stand-in enforces and follows per request model (400s for
   * what a model rejects, thinking, tokenizer factor, default effort). Models not in it get no
   * rules. Default `defaultModelTable` of `@quarry/core`.
   */
  readonly models?: ModelTable;
  /**
   * Thinking tokens a reply spends, by effort (requests without effort count as `high`). Default
   * {@link standinThinkingTokens}.
   */
  readonly thinkingTokens?: Partial<Record<Effort, number>>;
  /** The Message Batches API: processing delay, errored and expired shares, memory caps. */
  readonly batches?: BatchOptions;
  /** The Files API's in-memory store: file count, total and per-file byte caps. */
  readonly files?: FileOptions;
  /** Rate limits enforced with the API's headers and 429s (see {@link RateLimitOptions}). Default none. */
  readonly rateLimits?: RateLimitOptions;
}

/** Thinking tokens of a reply by effort, unless `thinkingTokens` says otherwise. */
export const standinThinkingTokens: Readonly<Record<Effort, number>> = {
  low: 150,
  medium: 600,
  high: 1500,
  xhigh: 3000,
  max: 6000,
};
