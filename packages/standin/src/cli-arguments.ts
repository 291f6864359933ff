import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { batchFlags, batchOptionsFromFlags } from './cli-batch-flags';
import { parseKinds, parsePersistent } from './cli-mistake-flags';
import { plantFlags, plantOptionsFromFlags } from './cli-plant-flags';
import { InvalidStandinOptionsError } from './invalid-standin-options-error';
import type { FaultOptions, StandinOptions } from './standin-options';

const flags = {
  help: { type: 'boolean' },
  config: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  mode: { type: 'string' },
  script: { type: 'string' },
  corpus: { type: 'string' },
  seed: { type: 'string' },
  'mistake-rate': { type: 'string' },
  'unfixable-rate': { type: 'string' },
  'mistake-count': { type: 'string' },
  'mistake-kinds': { type: 'string' },
  'hallucination-rate': { type: 'string' },
  'hallucination-quote-rate': { type: 'string' },
  persistent: { type: 'string', multiple: true },
  'fault-rate-limit': { type: 'string' },
  'fault-overloaded': { type: 'string' },
  'fault-server-error': { type: 'string' },
  'fault-reset': { type: 'string' },
  'fault-truncate': { type: 'string' },
  'fault-refusal': { type: 'string' },
  'fault-echo-request': { type: 'string' },
  'fault-echo-key': { type: 'string' },
  'fault-tool-use': { type: 'string' },
  'fault-stall': { type: 'string' },
  'fault-refusal-category': { type: 'string' },
  'retry-after': { type: 'string' },
  'retry-after-header': { type: 'string' },
  'latency-mean': { type: 'string' },
  'latency-jitter': { type: 'string' },
  'latency-distribution': { type: 'string' },
  'no-record': { type: 'boolean' },
  'api-key': { type: 'string' },
  'document-key-pattern': { type: 'string' },
  'rate-limit-rpm': { type: 'string' },
  'rate-limit-itpm': { type: 'string' },
  'rate-limit-otpm': { type: 'string' },
  ...batchFlags,
  ...plantFlags,
} as const;

const faultFlags: Record<string, keyof FaultOptions> = {
  'fault-rate-limit': 'rateLimit',
  'fault-overloaded': 'overloaded',
  'fault-server-error': 'serverError',
  'fault-reset': 'reset',
  'fault-truncate': 'truncate',
  'fault-refusal': 'refusal',
  'fault-echo-request': 'echoRequest',
  'fault-echo-key': 'echoKey',
  'fault-tool-use': 'toolUse',
  'fault-stall': 'stall',
  'retry-after': 'retryAfterSeconds',
};

const anything = z.unknown().optional();
/** The config file's top level; what is inside each option is checked by `startStandin`. */
const ConfigFile = z.strictObject({
  host: anything,
  port: anything,
  script: anything,
  simulate: z.looseObject({ corpus: z.unknown() }).optional(),
  faults: anything,
  latency: anything,
  seed: anything,
  record: anything,
  apiKey: anything,
  documentKey: z.string().optional(),
  cacheEntries: anything,
  cacheMinimum: anything,
  maxBodyBytes: anything,
  models: anything,
  thinkingTokens: anything,
  batches: anything,
  files: anything,
  rateLimits: anything,
});

export type CliCommand =
  | { readonly kind: 'help' }
  | {
      readonly kind: 'start';
      readonly options: StandinOptions;
      /** `--labelled-set DIR`: its items join `simulate.corpus` (read with `readLabelledSet`). */
      readonly labelledSet?: string;
    };

/**
 * Reads the CLI's arguments into stand-in options (files read with `readText`); throws
 * {@link InvalidStandinOptionsError} naming every unusable argument.
 */
export function parseCliArguments(argv: readonly string[], readText: (path: string) => string): CliCommand {
  const problems: string[] = [];
  let parsed: ReturnType<typeof parseArgs<{ options: typeof flags; strict: true }>>;
  try {
    // `pnpm start -- --flag` passes the `--` along.
    const args = argv[0] === '--' ? argv.slice(1) : [...argv];
    parsed = parseArgs({ args, options: flags, strict: true, allowPositionals: false });
  } catch (error) {
    throw new InvalidStandinOptionsError({ problems: [(error as Error).message], cause: error });
  }
  const values = parsed.values;
  if (values.help) return { kind: 'help' };
  const readJson = (flag: string, path: string): unknown => {
    try {
      return JSON.parse(readText(path));
    } catch (error) {
      problems.push(`--${flag} ${path}: ${(error as Error).message}`);
      return undefined;
    }
  };
  const number = (flag: string): number | undefined => {
    const text = (values as Record<string, unknown>)[flag];
    if (typeof text !== 'string') return undefined;
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value)) problems.push(`--${flag}: "${text}" is not a number`);
    return value;
  };

  const config: Record<string, unknown> = {};
  if (values.config) {
    const file = ConfigFile.safeParse(readJson('config', values.config));
    if (file.success) {
      Object.assign(config, file.data);
      const corpus = file.data.simulate?.corpus;
      if (typeof corpus === 'string' && file.data.simulate)
        config.simulate = {
          ...file.data.simulate,
          corpus: readJson('config', resolve(dirname(values.config), corpus)),
        };
      if (file.data.documentKey !== undefined) config.documentKey = new RegExp(file.data.documentKey);
    } else problems.push(`--config ${values.config}: ${z.prettifyError(file.error).replaceAll('\n', ' ')}`);
  }

  const simulate: Record<string, unknown> = { ...(config.simulate as Record<string, unknown> | undefined) };
  if (values.corpus) simulate.corpus = readJson('corpus', values.corpus);
  const seed = number('seed');
  if (seed !== undefined) simulate.seed = seed;
  const mistakes: Record<string, unknown> = { ...(simulate.mistakes as Record<string, unknown> | undefined) };
  const mistakeFlags = {
    'mistake-rate': 'rate',
    'unfixable-rate': 'unfixableRate',
    'mistake-count': 'count',
  } as const;
  for (const [flag, key] of Object.entries(mistakeFlags)) {
    const value = number(flag);
    if (value !== undefined) mistakes[key] = value;
  }
  if (values['mistake-kinds']) mistakes.kinds = parseKinds(values['mistake-kinds'], problems);
  if (Object.keys(mistakes).length > 0) simulate.mistakes = mistakes;
  const hallucinations: Record<string, unknown> = {
    ...(simulate.hallucinations as Record<string, unknown> | undefined),
  };
  const hallucinationRate = number('hallucination-rate');
  if (hallucinationRate !== undefined) hallucinations.rate = hallucinationRate;
  const quoteRate = number('hallucination-quote-rate');
  if (quoteRate !== undefined) hallucinations.quoteRate = quoteRate;
  if (Object.keys(hallucinations).length > 0) simulate.hallucinations = hallucinations;
  if (values.persistent)
    simulate.persistentMistakes = values.persistent.map((text) => parsePersistent(text, problems));
  const plant = plantOptionsFromFlags(simulate.plant, number);
  if (plant !== undefined) simulate.plant = plant;
  const labelledSet = values['labelled-set'];

  const faults: Record<string, unknown> = { ...(config.faults as Record<string, unknown> | undefined) };
  for (const [flag, key] of Object.entries(faultFlags)) {
    const value = number(flag);
    if (value !== undefined) faults[key] = value;
  }
  if (values['fault-refusal-category'] !== undefined)
    faults.refusalCategory = values['fault-refusal-category'];
  if (values['retry-after-header'] !== undefined) faults.retryAfter = values['retry-after-header'];
  const latency: Record<string, unknown> = { ...(config.latency as Record<string, unknown> | undefined) };
  const mean = number('latency-mean');
  const jitter = number('latency-jitter');
  if (mean !== undefined) latency.meanMs = mean;
  if (jitter !== undefined) latency.jitterMs = jitter;
  if (values['latency-distribution']) latency.distribution = values['latency-distribution'];

  const script = values.script ? readJson('script', values.script) : config.script;
  const hasCorpus = simulate.corpus !== undefined || labelledSet !== undefined;
  const mode = values.mode ?? (script !== undefined && !hasCorpus ? 'scripted' : 'simulated');
  if (mode !== 'scripted' && mode !== 'simulated')
    problems.push(`--mode: "${mode}" is neither scripted nor simulated`);
  if (mode === 'scripted' && script === undefined) problems.push('--mode scripted needs --script FILE');
  if (mode === 'simulated' && !hasCorpus)
    problems.push('--mode simulated needs --corpus FILE or --labelled-set DIR');

  const rateLimits: Record<string, unknown> = {
    ...(config.rateLimits as Record<string, unknown> | undefined),
  };
  const rateLimitFlags = {
    'rate-limit-rpm': 'requestsPerMinute',
    'rate-limit-itpm': 'inputTokensPerMinute',
    'rate-limit-otpm': 'outputTokensPerMinute',
  } as const;
  for (const [flag, key] of Object.entries(rateLimitFlags)) {
    const value = number(flag);
    if (value !== undefined) rateLimits[key] = value;
  }
  const port = number('port');
  const batches = batchOptionsFromFlags(config.batches, number);
  const options: Record<string, unknown> = {
    ...config,
    ...(mode === 'scripted' ? { script, simulate: undefined } : { simulate, script: undefined }),
    ...(Object.keys(faults).length > 0 && { faults }),
    ...(Object.keys(latency).length > 0 && { latency }),
    ...(seed !== undefined && { seed }),
    ...(port !== undefined && { port }),
    ...(batches !== undefined && { batches }),
    ...(Object.keys(rateLimits).length > 0 && { rateLimits }),
    ...(values.host && { host: values.host }),
    ...(values['no-record'] && { record: false }),
    ...(values['api-key'] && { apiKey: values['api-key'] }),
  };
  if (values['document-key-pattern']) {
    try {
      options.documentKey = new RegExp(values['document-key-pattern']);
    } catch (error) {
      problems.push(`--document-key-pattern: ${(error as Error).message}`);
    }
  }
  if (problems.length > 0) throw new InvalidStandinOptionsError({ problems });
  return {
    kind: 'start',
    options: options as StandinOptions,
    ...(labelledSet !== undefined && mode === 'simulated' && { labelledSet }),
  };
}
