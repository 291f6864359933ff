import { createHash } from 'node:crypto';
import { defaultModelTable, Effort, ModelTable } from '@quarry/core';
import { z } from 'zod';
import { BatchOptions, type ResolvedBatchOptions } from './batch-options';
import { InvalidStandinOptionsError } from './invalid-standin-options-error';
import { RateLimitOptions } from './rate-limit-options';
import {
  FaultOptions,
  LatencyOptions,
  SimulateOptions,
  type StandinOptions,
  type StandinScript,
  standinThinkingTokens,
} from './standin-options';
import type { StandinReply } from './standin-reply';

/** {@link StandinOptions} checked, with every default filled in. */
export interface ResolvedStandinOptions {
  readonly host: string;
  readonly port: number;
  readonly source:
    | { readonly kind: 'script'; readonly script: readonly StandinReply[] | StandinScript }
    | { readonly kind: 'simulate'; readonly simulate: z.output<typeof SimulateOptions> };
  readonly faults: z.output<typeof FaultOptions> | null;
  readonly latency: z.output<typeof LatencyOptions> | null;
  readonly seed: number;
  /** Most requests kept; 0 keeps none. */
  readonly recordMax: number;
  readonly apiKey: string | null;
  readonly documentKey: (document: string) => string;
  readonly pageImageText: ReadonlyMap<string, string>;
  readonly cacheEntries: number;
  readonly cacheMinimum: 'model' | 'none';
  readonly maxBodyBytes: number;
  readonly models: ModelTable;
  readonly thinkingTokens: Readonly<Record<Effort, number>>;
  readonly batches: ResolvedBatchOptions;
  readonly rateLimits: z.output<typeof RateLimitOptions> | null;
}

const standinDefaults = {
  host: '127.0.0.1',
  port: 0,
  seed: 0,
  recordMax: 1000,
  cacheEntries: 10_000,
  maxBodyBytes: 32 * 1024 * 1024,
} as const;

const hashDocument = (document: string): string =>
  createHash('sha1').update(document).digest('hex').slice(0, 16);

function documentKeyFunction(option: StandinOptions['documentKey']): (document: string) => string {
  if (option === undefined) return hashDocument;
  if (typeof option === 'function') return option;
  const pattern = new RegExp(option.source, option.flags.replace(/[gy]/g, ''));
  return (document) => {
    const match = pattern.exec(document);
    return match ? (match[1] ?? match[0]) : hashDocument(document);
  };
}

/** Checks the options and fills in defaults; throws {@link InvalidStandinOptionsError} naming every problem. */
export function resolveStandinOptions(options: StandinOptions): ResolvedStandinOptions {
  const problems: string[] = [];
  const parse = <Schema extends z.ZodType>(
    name: string,
    schema: Schema,
    value: unknown,
  ): z.output<Schema> | null => {
    if (value === undefined) return null;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    problems.push(`${name}: ${z.prettifyError(result.error).replaceAll('\n', ' ')}`);
    return null;
  };
  const simulate = parse('simulate', SimulateOptions, options.simulate);
  const faults = parse('faults', FaultOptions, options.faults);
  const latency = parse('latency', LatencyOptions, options.latency);
  const seed = parse('seed', z.number().int(), options.seed) ?? standinDefaults.seed;
  const port = parse('port', z.number().int().min(0).max(65535), options.port) ?? standinDefaults.port;
  const cacheEntries =
    parse('cacheEntries', z.number().int().positive(), options.cacheEntries) ?? standinDefaults.cacheEntries;
  const cacheMinimum = parse('cacheMinimum', z.enum(['model', 'none']), options.cacheMinimum) ?? 'none';
  const maxBodyBytes =
    parse('maxBodyBytes', z.number().int().positive(), options.maxBodyBytes) ?? standinDefaults.maxBodyBytes;
  const models = parse('models', ModelTable, options.models) ?? defaultModelTable;
  const thinkingTokens = {
    ...standinThinkingTokens,
    ...parse(
      'thinkingTokens',
      z.partialRecord(Effort, z.number().int().nonnegative()),
      options.thinkingTokens,
    ),
  };
  const batches = parse('batches', BatchOptions, options.batches ?? {});
  const rateLimits = parse('rateLimits', RateLimitOptions, options.rateLimits);
  const record = options.record ?? true;
  const recordMax =
    record === true
      ? standinDefaults.recordMax
      : record === false
        ? 0
        : (parse('record.max', z.number().int().nonnegative(), record.max) ?? 0);
  if (options.script === undefined && options.simulate === undefined)
    problems.push('give either `script` (scripted mode) or `simulate` (simulated model)');
  if (options.script !== undefined && options.simulate !== undefined)
    problems.push('give `script` or `simulate`, not both');
  if (problems.length > 0) throw new InvalidStandinOptionsError({ problems });
  return {
    host: options.host ?? standinDefaults.host,
    port,
    source: simulate
      ? { kind: 'simulate', simulate }
      : { kind: 'script', script: options.script as readonly StandinReply[] | StandinScript },
    faults,
    latency,
    seed,
    recordMax,
    apiKey: options.apiKey ?? null,
    documentKey: documentKeyFunction(options.documentKey),
    pageImageText: options.pageImageText ?? new Map(),
    cacheEntries,
    cacheMinimum,
    maxBodyBytes,
    models,
    thinkingTokens,
    batches: batches as ResolvedBatchOptions,
    rateLimits,
  };
}
