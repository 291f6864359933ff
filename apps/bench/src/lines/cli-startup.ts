import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runProcess, spawnRedis, uniquePrefix } from '@quarry/local-redis';
import type { BenchContext } from '../bench-context';
import { type LineResult, notRun, verdict } from '../bench-line';
import { median, round } from '../stats';

/** Runs of each command; interleaved, so a busy moment of the machine touches all three alike. */
const RUNS = 7;
/** The bar for `quarry --help`, in seconds of wall time. */
const TARGET_HELP_S = 0.5;

const cli = fileURLToPath(new URL('../../../cli/dist/main.js', import.meta.url));

/** Wall seconds of one `node args…` run to its exit; a failed run is an error naming it. */
async function wallSeconds(args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const started = performance.now();
  const run = await runProcess({ command: process.execPath, args, env, timeoutMs: 60_000 });
  const seconds = (performance.now() - started) / 1000;
  if (run.code !== 0) throw new Error(`node ${args.join(' ')} exited ${run.code}`);
  return seconds;
}

/**
 * Line 19: wall time of the built `quarry --help` and `quarry dlq list --json` (an empty DLQ on a Redis
 * of the line's own) against `node -e ''` in the same run: medians of {@link RUNS} interleaved runs.
 */
export async function cliStartup(_context: BenchContext): Promise<LineResult> {
  const base = {
    id: 19,
    title: 'CLI start-up',
    metric: 'quarry --help, median wall s',
    comparisonLabel: 'Quarry / node -e ""',
    target: `help ≤ ${TARGET_HELP_S} s`,
  };
  if (!existsSync(cli)) return notRun(base, 'apps/cli/dist/main.js is missing: run "pnpm build" first');
  const redis = await spawnRedis();
  try {
    const env = { ...process.env, REDIS_URL: redis.url, QUARRY_PREFIX: uniquePrefix('bench-cli') };
    const times = { node: [] as number[], help: [] as number[], dlqList: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      times.node.push(await wallSeconds(['-e', ''], env));
      times.help.push(await wallSeconds([cli, '--help'], env));
      times.dlqList.push(await wallSeconds([cli, 'dlq', 'list', '--json'], env));
    }
    const node = round(median(times.node), 3);
    const help = round(median(times.help), 3);
    const dlqList = round(median(times.dlqList), 3);
    return {
      ...base,
      quarry: help,
      baseline: node,
      comparison: round(help / node, 2),
      status: verdict(help, (value) => value <= TARGET_HELP_S),
      details: { runs: RUNS, medianSeconds: { node, help, dlqList }, times },
      notes: [
        `medians of ${RUNS}: node -e '' ${node} s, quarry --help ${help} s (×${round(help / node, 2)}), ` +
          `quarry dlq list --json ${dlqList} s (×${round(dlqList / node, 2)}); wall time on a shared machine`,
      ],
    };
  } finally {
    await redis.stop();
  }
}
