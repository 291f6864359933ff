import { terminalText } from '@quarry/env';
import { redactRedisUrl } from '@quarry/queue';

/** Options of {@link keepRunningHint} and {@link keptKeysHint}. */
export interface KeepRunningHintOptions {
  /** The run's Redis URL (its password is never printed). */
  readonly redisUrl: string;
  readonly prefix: string;
  /** The blob store of `--documents pdf`; null for text documents. */
  readonly blobDir: string | null;
  /** `QUARRY_WORKFLOWS` of the run, when it served workflows from files. */
  readonly workflowFiles?: readonly string[];
}

/** A shell word: single-quoted, control characters neutralised. */
const shellWord = (text: string): string => `'${terminalText(text).replaceAll("'", `'\\''`)}'`;

/** The URL as printed, and whether its password had to be left out. */
function printableUrl(redisUrl: string): { readonly url: string; readonly redacted: boolean } {
  const url = redactRedisUrl(redisUrl);
  return { url, redacted: url.includes('***') };
}

/**
 * What `--keep-running` prints once the summary is out: a block to paste into another shell
 * (`export REDIS_URL=… QUARRY_PREFIX=… QUARRY_BLOB_DIR=… QUARRY_WORKFLOWS=…`) and two commands to try against the run.
 */
export function keepRunningHint(options: KeepRunningHintOptions): string {
  const { url, redacted } = printableUrl(options.redisUrl);
  const exports = [`REDIS_URL=${shellWord(url)}`, `QUARRY_PREFIX=${shellWord(options.prefix)}`];
  if (options.blobDir !== null) exports.push(`QUARRY_BLOB_DIR=${shellWord(options.blobDir)}`);
  if (options.workflowFiles?.length)
    exports.push(`QUARRY_WORKFLOWS=${shellWord(options.workflowFiles.join(','))}`);
  const file = options.blobDir === null ? 'examples/invoice.txt' : 'examples/invoice.pdf';
  return [
    'The worker and the dashboard keep running; press Ctrl-C to stop them.',
    'Paste this into another shell to use the CLI on this run:',
    '',
    `  export ${exports.join(' ')}`,
    ...(redacted ? ['  # the password of REDIS_URL is left out: put yours back in'] : []),
    '  pnpm quarry dlq list',
    `  pnpm quarry enqueue --workflow invoice --file ${file} --wait`,
    '',
  ].join('\n');
}

/** How to delete the keys a `--keep-running` run left, on the Redis it ran on. */
export function keptKeysHint(options: Omit<KeepRunningHintOptions, 'blobDir'>): string {
  const { url, redacted } = printableUrl(options.redisUrl);
  const cli = `redis-cli -u ${shellWord(url)}`;
  const pattern = shellWord(`${options.prefix}*`);
  const note = redacted ? ' (the password of REDIS_URL is left out: put yours back in)' : '';
  return `Kept the run's keys under ${terminalText(options.prefix)}; delete them with: ${cli} --scan --pattern ${pattern} | xargs ${cli} unlink${note}`;
}
