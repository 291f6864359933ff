import { parseArgs } from 'node:util';
import { defaultModelTable, Lane, type ModelTable } from '@quarry/core';
import {
  ConfigError,
  type Env,
  type EnvProblem,
  integerVar,
  modelIdVar,
  parseEnv,
  type Redactor,
  readModelsFile,
  textVar,
} from '@quarry/env';
import { logEnv } from '@quarry/logging';
import { isHashTagged, redactRedisUrl, redisUrlVar } from '@quarry/queue';
import { workflowsEnv } from '@quarry/workflow-files';
import { z } from 'zod';

/**
 * The demo's environment: ONE schema. Empty variables count as unset. Its variables are listed in
 * docs/reference/configuration.md.
 */
export const DemoEnv = z.object({
  REDIS_URL: redisUrlVar({ cluster: true }).optional().meta({
    description:
      'Redis to use; unset: 127.0.0.1:6379 when it answers, else a `redis-server` from PATH started for the run.',
    whenUnset: 'unset',
  }),
  ANTHROPIC_API_KEY: textVar('the Anthropic API key')
    .optional()
    .meta({ description: 'Needed by `--live` only.', whenUnset: 'unset' }),
  QUARRY_MODEL: modelIdVar().optional().meta({
    description:
      'Model id the worker asks for (the simulated model answers under any); the cost line is priced from it.',
    whenUnset: 'claude-haiku-5-5',
  }),
  QUARRY_MODELS_FILE: textVar('the path of a JSON file of model entries (see docs/models.md)')
    .optional()
    .meta({
      description:
        'JSON file of model entries over the default model table ([docs/models.md](docs/models.md)).',
      whenUnset: 'unset',
    }),
  DEMO_PREFIX: z
    .string()
    .trim()
    .refine(isHashTagged, { error: 'a key prefix containing a {hash tag}, e.g. {quarry-demo}' })
    .meta({ type: 'a key prefix containing a {hash tag}, e.g. {quarry-demo}' })
    .optional()
    .meta({
      description: 'Key prefix of the run (deleted at exit unless `--keep-running`).',
      whenUnset: 'a fresh {quarry-demo-<hex>}',
    }),
  DEMO_DASHBOARD_PORT: integerVar(0, 65_535)
    .default(3100)
    .meta({ description: 'Dashboard port; a free one when taken; `0` for any.' }),
  DEMO_CONCURRENCY: integerVar(1, 64)
    .default(8)
    .meta({ description: "Jobs the demo's worker runs at once (1–64)." }),
  DEMO_SEED: integerVar(0).default(7).meta({
    description:
      "Seed of the simulated model's mistakes, invented values, latency and faults (the same seed, the same run).",
  }),
  DEMO_TIMEOUT_SECONDS: integerVar(1, 3600).default(300).meta({
    description: 'How long to wait for the jobs; jobs still running then count as unfinished (exit code 1).',
  }),
  QUARRY_BLOB_DIR: textVar('a directory path').optional().meta({
    description: 'Blob store directory of `--documents pdf` (a temporary one is removed at exit).',
    whenUnset: 'a temporary directory',
  }),
  QUARRY_WORKFLOWS: workflowsEnv.QUARRY_WORKFLOWS.meta({
    description:
      "Workflow files and directories (comma-separated) the run's worker and dashboard serve beside the shipped ones. The demo enqueues the shipped samples; try yours with `--keep-running` and `quarry enqueue`.",
    whenUnset: 'the shipped workflows only',
  }),
  LOG_LEVEL: logEnv.LOG_LEVEL.meta({
    description: "Level of the run's log file (its path is printed).",
    whenUnset: 'info',
  }),
});
type DemoEnv = z.output<typeof DemoEnv>;

/** `--documents`: the form the sample documents are enqueued in. */
const DemoDocuments = z.enum(['text', 'pdf']);
type DemoDocuments = z.infer<typeof DemoDocuments>;

/** What the command line asks for. */
interface DemoArgs {
  /** Use the real Messages API (needs ANTHROPIC_API_KEY) instead of the simulated model. */
  readonly live: boolean;
  /** Leave worker, dashboard and keys up until Ctrl-C. */
  readonly keepRunning: boolean;
  /** Enqueue at most this many documents (spread over the workflows). */
  readonly limit: number | null;
  /** The lane every job runs in: `realtime`, or `batch` (Message Batches at half price). */
  readonly lane: Lane;
  /** What is enqueued: the samples' `text`, or PDF renderings of the invoices (`pdf`) by blob reference. */
  readonly documents: DemoDocuments;
  /** Print the summary as one JSON object on standard output. */
  readonly json: boolean;
  readonly help: boolean;
}

/** The demo's whole configuration. */
export interface DemoConfig {
  readonly args: DemoArgs;
  readonly env: DemoEnv;
  /** The model table the run is priced from: the default one, with `QUARRY_MODELS_FILE` merged over it. */
  readonly models: ModelTable;
}

/** `pnpm demo --help`. */
export const demoHelp = `Usage: pnpm demo [--limit N] [--lane realtime|batch] [--documents text|pdf] [--live] [--keep-running] [--json]

Runs Quarry end to end on this machine: Redis (REDIS_URL, else 127.0.0.1:6379, else a redis-server
of its own), a simulated Claude (the local Messages API stand-in), a worker and the dashboard, then
enqueues the shipped sample documents and prints what happened.

Options:
      --limit <N>       only N documents, spread over the workflows (a short run)
      --lane <lane>     realtime (default) or batch: every job through Message Batches, billed at
                        half price (simulated: a 1 s batch turnaround; live: up to 24 h)
      --documents <d>   text (default) or pdf: PDF renderings of the invoices (a quarter without a
                        text layer), stored in the blob store and enqueued by reference
      --live            call the real Messages API (needs ANTHROPIC_API_KEY; costs money)
      --keep-running    leave the worker and the dashboard (and the run's keys) up until Ctrl-C
      --json            print the summary as one JSON object on standard output
  -h, --help            show this help

Environment:
  REDIS_URL             Redis to use (default: 127.0.0.1:6379 if it answers, else a spawned redis-server)
  ANTHROPIC_API_KEY     for --live
  QUARRY_MODEL          model id (default: the workflow's, else claude-haiku-5-5; see docs/models.md)
  QUARRY_MODELS_FILE    JSON file of model prices and rules over the default table (docs/models.md)
  DEMO_DASHBOARD_PORT   dashboard port (default 3100; a free one when taken; 0 for any)
  DEMO_CONCURRENCY      jobs the worker runs at once (default 8)
  DEMO_SEED             seed of the simulated model's mistakes and faults (default 7)
  DEMO_TIMEOUT_SECONDS  how long to wait for the jobs (default 300)
  QUARRY_BLOB_DIR       blob store directory for --documents pdf (default: a temporary one per run)
  QUARRY_WORKFLOWS      workflow files or directories the worker and dashboard also serve
  DEMO_PREFIX           key prefix (default: a fresh {quarry-demo-…} per run)
  LOG_LEVEL             level of the run's log file (default info)`;

const argOptions = {
  live: { type: 'boolean' },
  'keep-running': { type: 'boolean' },
  limit: { type: 'string' },
  lane: { type: 'string' },
  documents: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Secret variables are never echoed back; URLs only without their password. */
const redactors: Readonly<Record<string, Redactor>> = {
  ANTHROPIC_API_KEY: () => '[redacted]',
  REDIS_URL: redactRedisUrl,
};

/**
 * Reads the command line and the environment.
 * @throws ConfigError naming every bad argument or variable and the form it expects.
 */
export function loadDemoConfig(argv: readonly string[], env: Env = process.env): DemoConfig {
  const problems: EnvProblem[] = [];
  let values: {
    live?: boolean;
    'keep-running'?: boolean;
    limit?: string;
    lane?: string;
    documents?: string;
    json?: boolean;
    help?: boolean;
  } = {};
  try {
    values = parseArgs({ args: [...argv], options: argOptions, strict: true }).values;
  } catch (error) {
    // node:util's message names the option or argument, e.g. "Unknown option '--fast'".
    problems.push({
      variable: 'command line',
      expected: 'the options "pnpm demo --help" lists',
      received: (error as Error).message,
    });
  }
  let limit: number | null = null;
  if (values.limit !== undefined) {
    limit = Number(values.limit);
    if (!/^\d+$/.test(values.limit.trim()) || limit < 1) {
      problems.push({
        variable: '--limit',
        expected: 'a positive integer',
        received: JSON.stringify(values.limit),
      });
    }
  }
  const lane = Lane.safeParse(values.lane?.trim() ?? 'realtime');
  if (!lane.success) {
    problems.push({
      variable: '--lane',
      expected: `one of ${Lane.options.join(', ')}`,
      received: JSON.stringify(values.lane),
    });
  }
  const documents = DemoDocuments.safeParse(values.documents?.trim() ?? 'text');
  if (!documents.success) {
    problems.push({
      variable: '--documents',
      expected: `one of ${DemoDocuments.options.join(', ')}`,
      received: JSON.stringify(values.documents),
    });
  }
  const parsed = parseEnv({ schema: DemoEnv, env, redactors });
  if (!parsed.ok) problems.push(...parsed.problems);
  const args: DemoArgs = {
    live: values.live ?? false,
    keepRunning: values['keep-running'] ?? false,
    limit,
    lane: lane.success ? lane.data : 'realtime',
    documents: documents.success ? documents.data : 'text',
    json: values.json ?? false,
    help: values.help ?? false,
  };
  if (args.live && parsed.ok && !parsed.value.ANTHROPIC_API_KEY) {
    problems.push({
      variable: 'ANTHROPIC_API_KEY',
      expected: 'the Anthropic API key with --live (without --live the demo runs on the simulated model)',
      received: null,
    });
  }
  let models = defaultModelTable;
  if (parsed.ok && parsed.value.QUARRY_MODELS_FILE) {
    const file = readModelsFile({ path: parsed.value.QUARRY_MODELS_FILE, base: defaultModelTable });
    if (file.ok) models = file.value;
    else problems.push(...file.problems);
  }
  if (problems.length > 0 || !parsed.ok) throw new ConfigError({ program: 'demo', problems });
  return { args, env: parsed.value, models };
}
