import { parseArgs } from 'node:util';
import { renderSoakReport } from './render-soak-report';
import { runSoak } from './run-soak';
import { type SoakLane, soakLanes } from './soak-lane';
import { soakDefaults } from './soak-options';

const usage = `Usage: pnpm soak [--jobs N] [--seed S] [--lane realtime|batch|mixed] [--document-share F]
Runs the soak test: a Messages API stand-in with mixed faults (429 5 %, 529 3 %, 500 2 %, 30 % of
documents invalid at first, 3 % always invalid, latency 200 ± 150 ms), 3 worker processes, a producer
enqueueing while they work, a random worker SIGKILLed and restarted 3 times and Redis (its own
redis-server, AOF everysec) restarted once; then prints the accounting table and exits 1 on any
discrepancy. A run in which no job finishes for 2 minutes logs what the unfinished jobs are doing
(every 40 s) and stops, reported as wedged.

With --lane batch every job goes through Message Batches (batches end after 1 s; 3 % of entries
errored overloaded, 3 % expired, 1 % errored invalid_request, 5 % of creates lose their response);
--lane mixed alternates realtime and batch jobs. The accounting then also checks that no batch
request (custom_id) was answered twice.

A share of the jobs (--document-share, default ${soakDefaults.documentShare}) are PDF renderings of the shipped
invoices (every tenth one the same bytes as the one before), stored in a blob store directory the
workers share and enqueued by blob reference. Once every job finished, retention removes the
finished jobs and \`quarry blobs gc --grace 0s\` runs; the accounting then also checks that no blob
was lost (referenced but missing) or leaked (left with nothing referring to it).

  --jobs N     jobs to run (default ${soakDefaults.jobs})
  --seed S     seed of the stand-in and of which worker is killed (default ${soakDefaults.seed})
  --lane LANE  realtime (default), batch or mixed
  --document-share F
               share of document jobs, from 0 to 1 (default ${soakDefaults.documentShare})
  --help`;

async function main(): Promise<number> {
  let values: { jobs?: string; seed?: string; lane?: string; 'document-share'?: string; help?: boolean };
  try {
    const args = process.argv.slice(2);
    values = parseArgs({
      args: args[0] === '--' ? args.slice(1) : args,
      options: {
        jobs: { type: 'string' },
        seed: { type: 'string' },
        lane: { type: 'string' },
        'document-share': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`soak: ${(error as Error).message}\n\n${usage}\n`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const jobs = Number(values.jobs ?? soakDefaults.jobs);
  const seed = Number(values.seed ?? soakDefaults.seed);
  if (!Number.isInteger(jobs) || jobs < 10) {
    process.stderr.write(`soak: --jobs must be an integer ≥ 10, got "${values.jobs}"\n`);
    return 1;
  }
  if (!Number.isInteger(seed)) {
    process.stderr.write(`soak: --seed must be an integer, got "${values.seed}"\n`);
    return 1;
  }
  const lane = (values.lane ?? soakDefaults.lane) as SoakLane;
  if (!soakLanes.includes(lane)) {
    process.stderr.write(`soak: --lane must be one of ${soakLanes.join(', ')}, got "${values.lane}"\n`);
    return 1;
  }
  const shareText = values['document-share'];
  const documentShare = shareText === undefined ? soakDefaults.documentShare : Number(shareText);
  if (shareText?.trim() === '' || !Number.isFinite(documentShare) || documentShare < 0 || documentShare > 1) {
    process.stderr.write(`soak: --document-share must be a number from 0 to 1, got "${shareText}"\n`);
    return 1;
  }
  const report = await runSoak({ ...soakDefaults, jobs, seed, lane, documentShare }, (message) =>
    process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}\n`),
  );
  process.stdout.write(`${renderSoakReport(report)}\n`);
  return report.problems.length === 0 && report.accounting.discrepancies.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
