import { parseArgs } from 'node:util';

/** The number of the last bench line (lines are numbered from 1, see `benchLines`). */
const LAST_LINE = 26;

/** Most worker processes `--processes` may ask for. */
const MAX_PROCESSES = 64;

/** What `pnpm bench` was asked to do. */
export interface BenchArguments {
  readonly help: boolean;
  readonly quick: boolean;
  /** Line numbers to run; every line when empty. */
  readonly only: readonly number[];
  /** Where the results JSON goes; default `bench-results/bench-<time>.json` at the repository root. */
  readonly out: string | null;
  /** Worker process counts of line 22; null: 1, 2, 4, 8 (1, 2 on fewer than 8 cores). */
  readonly processes: readonly number[] | null;
}

export const benchUsage = `Usage: pnpm bench [--quick] [--only 1,2,...] [--out FILE] [--processes 1,2,...]
Measures Quarry against raw BullMQ and a naive retry loop, line by line, in one run, and prints
a table (metric, Quarry, baseline, comparison, target, PASS/FAIL); writes the figures as JSON.

  --quick        small counts: a smoke test of the harness, not figures to quote
  --only LIST    run only these lines (comma-separated numbers, 1 to ${LAST_LINE})
  --out FILE     results JSON (default bench-results/bench-<timestamp>.json)
  --processes LIST  worker process counts of line 22 (default 1,2,4,8; 1,2 on fewer than 8 cores)
  --help`;

/** Parses the arguments. @throws TypeError naming the bad argument. */
export function parseBenchArguments(argv: readonly string[]): BenchArguments {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const { values } = parseArgs({
    args,
    options: {
      help: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      out: { type: 'string' },
      processes: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const only = (values.only ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const id = Number(part);
      if (!Number.isInteger(id) || id < 1 || id > LAST_LINE) {
        throw new TypeError(`--only: "${part}" is not a line number from 1 to ${LAST_LINE}`);
      }
      return id;
    });
  return {
    help: values.help ?? false,
    quick: values.quick ?? false,
    only,
    out: values.out ?? null,
    processes: values.processes === undefined ? null : processCounts(values.processes),
  };
}

/** `1,2,4` as distinct process counts in the order given. @throws TypeError naming a bad count. */
function processCounts(list: string): number[] {
  const counts = list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const count = Number(part);
      if (!Number.isInteger(count) || count < 1 || count > MAX_PROCESSES) {
        throw new TypeError(`--processes: "${part}" is not a process count from 1 to ${MAX_PROCESSES}`);
      }
      return count;
    });
  if (counts.length === 0) throw new TypeError('--processes: name at least one process count');
  return [...new Set(counts)];
}
