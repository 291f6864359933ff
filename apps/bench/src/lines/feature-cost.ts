import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { quarryKeys, TenantStore, WebhookSubscriptionStore } from '@quarry/queue';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { BenchContext } from '../bench-context';
import { type LineResult, verdict } from '../bench-line';
import { runProcessDrain, type SideRun } from '../processes/process-drain';
import { median, round } from '../stats';

/** What one variant turns on, over the base worker (no tracing, no subscription, default tenant). */
interface Variant {
  readonly name: string;
  readonly describe: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly tenant?: string;
  readonly prepare?: (redisUrl: string, prefix: string) => Promise<void>;
}

/** A local HTTP endpoint that answers every request at once (an OTLP collector, a webhook receiver). */
async function countingReceiver(
  status: number,
): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      response
        .writeHead(status, { 'content-type': 'application/json' })
        .end(status === 204 ? undefined : '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs `use` with the queue's stores on a short-lived connection. */
async function withStores<T>(
  redisUrl: string,
  prefix: string,
  use: (stores: { webhooks: WebhookSubscriptionStore; tenants: TenantStore }) => Promise<T>,
): Promise<T> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const keys = quarryKeys({ prefix, queueName: 'extraction' });
  const queue = new Queue('extraction', { connection: redis, prefix });
  try {
    return await use({
      webhooks: new WebhookSubscriptionStore({ redis, keys }),
      tenants: new TenantStore({ redis, keys, queue }),
    });
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

/**
 * Line 26: what each feature costs a job that uses it, and that it costs nothing to one that does
 * not. One Quarry worker process drains first-try invoice jobs (as line 22) once per variant, in
 * alternating rounds: the base worker, then with tracing on (OTLP/HTTP to a local endpoint), a
 * `job.completed` webhook subscription (a local receiver), jobs of a tenant without limits, and of a
 * tenant with a concurrency cap and a daily budget. Worker CPU per job and Redis commands per job,
 * each against the base.
 */
export async function featureCost(context: BenchContext): Promise<LineResult> {
  const { jobs, rounds } = context.sizes.featureCost;
  const collector = await countingReceiver(200);
  const hooks = await countingReceiver(204);
  const variants: readonly Variant[] = [
    { name: 'base', describe: 'no tracing, no subscription, the default tenant' },
    {
      name: 'tracing',
      describe: 'OTEL_EXPORTER_OTLP_ENDPOINT set (batching OTLP/HTTP exporter, every span sampled)',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url },
    },
    {
      name: 'webhook',
      describe: 'a job.completed subscription of invoice, delivered to a local receiver',
      env: { WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE_NETWORKS: '127.0.0.1' },
      prepare: (redisUrl, prefix) =>
        withStores(redisUrl, prefix, async ({ webhooks }) => {
          await webhooks.add({ url: `${hooks.url}/hook`, workflow: 'invoice', events: ['job.completed'] });
        }),
    },
    { name: 'tenant', describe: 'jobs of tenant acme, which has no limits', tenant: 'acme' },
    {
      name: 'tenant-limits',
      describe: 'jobs of tenant acme with max-concurrency 10000 and a daily budget of $1,000,000',
      tenant: 'acme',
      prepare: (redisUrl, prefix) =>
        withStores(redisUrl, prefix, async ({ tenants }) => {
          await tenants.set('acme', { maxConcurrency: 10_000, dailyUsd: 1_000_000 });
        }),
    },
  ];
  const runs = new Map<string, SideRun[]>(variants.map((variant) => [variant.name, []]));
  let delivered = 0;
  try {
    for (let round_ = 0; round_ < rounds; round_ += 1) {
      for (const variant of variants) {
        const before = hooks.count();
        const run = await runProcessDrain({
          side: 'quarry',
          processes: 1,
          context,
          jobsPerProcess: jobs,
          ...(variant.env ? { env: variant.env } : {}),
          ...(variant.tenant ? { tenant: variant.tenant } : {}),
          ...(variant.prepare ? { prepare: variant.prepare } : {}),
          // The webhook's cost includes its deliveries: the clock stops once every one arrived.
          ...(variant.name === 'webhook' ? { settled: () => hooks.count() - before >= jobs } : {}),
        });
        if (variant.name === 'webhook') delivered += hooks.count() - before;
        runs.get(variant.name)?.push(run);
        context.log(
          `line 26: round ${round_ + 1} ${variant.name}: ${run.workerMicrosPerJob ?? '?'} µs/job, ${round(run.commandsPerJob, 1)} cmds/job`,
        );
      }
    }
  } finally {
    await collector.close();
    await hooks.close();
  }
  const summary = variants.map((variant) => {
    const of = runs.get(variant.name) ?? [];
    const micros = of.map((run) => run.workerMicrosPerJob).filter((value): value is number => value !== null);
    return {
      name: variant.name,
      describe: variant.describe,
      microsPerJob: micros.length === of.length ? median(micros) : null,
      commandsPerJob: median(of.map((run) => run.commandsPerJob)),
      jobsPerSecond: median(of.map((run) => run.jobsPerSecond)),
      commandsPerJobByName: of.at(-1)?.commandsPerJobByName ?? {},
    };
  });
  const base = summary[0];
  if (!base) throw new Error('line 26: no base run');
  const rows = summary.map((entry) => ({
    ...entry,
    extraMicros:
      entry.microsPerJob === null || base.microsPerJob === null
        ? null
        : entry.microsPerJob - base.microsPerJob,
    extraCommands: entry.commandsPerJob - base.commandsPerJob,
  }));
  const unused = rows.find((row) => row.name === 'tenant');
  // A tenant without limits must cost no Redis command (a hair of noise: the cached settings read).
  const unusedExtra = unused ? unused.extraCommands : null;
  const notes = rows.map(
    (row) =>
      `${row.name}: ${row.microsPerJob ?? '?'} µs/job (${row.extraMicros === null ? '?' : `${row.extraMicros >= 0 ? '+' : ''}${row.extraMicros}`}), ${round(row.commandsPerJob, 2)} cmds/job (${row.extraCommands >= 0 ? '+' : ''}${round(row.extraCommands, 2)}), ${round(row.jobsPerSecond, 0)} jobs/s — ${row.describe}`,
  );
  notes.push(
    `webhook deliveries received (the webhook drains wait for them): ${delivered} of ${jobs * rounds}`,
  );
  return {
    id: 26,
    title: 'Feature cost',
    metric: `Redis commands per job of a tenant without limits over the base worker, 1 process, ${jobs} first-try invoice jobs per variant, ${rounds} alternating round(s)`,
    quarry: unused ? round(unused.commandsPerJob, 2) : null,
    baseline: round(base.commandsPerJob, 2),
    comparison: unusedExtra === null ? null : round(unusedExtra, 2),
    comparisonLabel: 'tenant without limits − base (cmds/job)',
    target: '≤ 0.1',
    status: verdict(unusedExtra, (value) => value <= 0.1),
    details: { jobs, rounds, rows },
    notes,
  };
}
