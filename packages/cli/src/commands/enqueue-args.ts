import { Effort } from '@quarry/core';
import type { JobBudget } from '@quarry/queue';
import { parseCommandArgs } from '../parse-command-args';
import { UsageError } from '../usage-error';
import { budgetFlagOptions, readBudgetFlags } from './budget-flags';
import type { DocumentSource } from './read-document-text';

/** How long `--wait` waits by default. */
export const DEFAULT_TIMEOUT_SECONDS = 120;

const options = {
  workflow: { type: 'string', short: 'w' },
  version: { type: 'string' },
  file: { type: 'string', short: 'f' },
  text: { type: 'string', short: 't' },
  id: { type: 'string' },
  scope: { type: 'string' },
  effort: { type: 'string' },
  ...budgetFlagOptions,
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What `quarry enqueue`'s command line asks for, checked. */
export interface EnqueueRequestArgs {
  readonly workflow: string;
  readonly version: number | undefined;
  readonly source: DocumentSource;
  readonly idempotencyKey: string | undefined;
  readonly historyScope: string | undefined;
  readonly effort: Effort | undefined;
  readonly budget: JobBudget | undefined;
  readonly wait: boolean;
  readonly timeoutMs: number;
  readonly json: boolean;
}

/**
 * Reads `quarry enqueue`'s arguments, or `help`.
 * @throws UsageError naming the bad argument.
 */
export function readEnqueueArgs(args: readonly string[]): EnqueueRequestArgs | 'help' {
  const { values } = parseCommandArgs(args, options);
  if (values.help) return 'help';
  if (!values.workflow) throw new UsageError('--workflow <name> is required');
  if ((values.file === undefined) === (values.text === undefined)) {
    throw new UsageError('give exactly one of --file <path> or --text <string>');
  }
  let version: number | undefined;
  if (values.version !== undefined) {
    version = Number(values.version);
    if (!/^\d+$/.test(values.version) || version < 1) {
      throw new UsageError(`--version must be a positive integer, got "${values.version}"`);
    }
  }
  let effort: Effort | undefined;
  if (values.effort !== undefined) {
    const parsed = Effort.safeParse(values.effort);
    if (!parsed.success) {
      throw new UsageError(`--effort must be one of ${Effort.options.join(', ')}, got "${values.effort}"`);
    }
    effort = parsed.data;
  }
  let timeoutMs = DEFAULT_TIMEOUT_SECONDS * 1000;
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (values.timeout.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
      throw new UsageError(`--timeout must be a positive number of seconds, got "${values.timeout}"`);
    }
    if (!values.wait) throw new UsageError('--timeout only applies with --wait');
    timeoutMs = Math.round(seconds * 1000);
  }
  return {
    workflow: values.workflow,
    version,
    source: values.file !== undefined ? { file: values.file } : { text: values.text ?? '' },
    idempotencyKey: values.id,
    historyScope: values.scope,
    effort,
    budget: readBudgetFlags(values),
    wait: values.wait ?? false,
    timeoutMs,
    json: values.json ?? false,
  };
}
