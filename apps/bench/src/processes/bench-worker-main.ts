import { startTracing } from '@quarry/tracing';
import { createWorker, loadWorkerConfig } from '@quarry/worker';
import { loadWorkflowCatalog } from '@quarry/workflow-files';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { loadBenchCorpus } from '../bench-corpus';
import { createInstantModel } from '../instant-model';
import { type BenchWorkerCommand, type BenchWorkerMessage, BenchWorkerSpec } from './bench-worker-spec';
import { handWrittenProcessor } from './hand-written-processor';
import { naiveSdkProcessor } from './naive-sdk-processor';

/**
 * A bench worker process: reads its spec from `BENCH_WORKER_SPEC` (JSON), runs a raw BullMQ or a Quarry
 * worker, and reports readiness, completions and memory to its parent over IPC. Closes on `close`.
 */
async function main(): Promise<void> {
  const spec = BenchWorkerSpec.parse(JSON.parse(process.env.BENCH_WORKER_SPEC ?? '{}'));
  const send = (message: BenchWorkerMessage) => process.send?.(message);
  let completed = 0;
  let failed = 0;
  let lastCompletedAt = 0;
  let reported = -1;
  const gc = (globalThis as { gc?: () => void }).gc;
  const sampleMemory = (phase: 'warm' | 'sample' | 'end') => {
    if (gc) {
      gc();
      gc();
    }
    const usage = process.memoryUsage();
    send({ type: 'memory', phase, completed, rssBytes: usage.rss, heapUsedBytes: usage.heapUsed, gc: !!gc });
  };
  const onCompleted = () => {
    completed += 1;
    lastCompletedAt = Date.now();
    const memory = spec.memory;
    if (!memory || completed < memory.warmupJobs || completed > memory.totalJobs) return;
    if (completed === memory.warmupJobs) sampleMemory('warm');
    else if (completed === memory.totalJobs) sampleMemory('end');
    else if ((completed - memory.warmupJobs) % memory.everyJobs === 0) sampleMemory('sample');
  };

  let tenantNowMs = spec.tenantClockMs;
  let close: () => Promise<void>;
  if (spec.kind !== 'quarry') {
    const connection = new Redis(spec.redisUrl, { maxRetriesPerRequest: null });
    const sleepMs = spec.sleepMs;
    const baseURL = spec.env.ANTHROPIC_BASE_URL ?? '';
    const processor =
      spec.kind === 'naive'
        ? naiveSdkProcessor({ baseURL })
        : spec.kind === 'hand-written'
          ? handWrittenProcessor({ baseURL })
          : sleepMs > 0
            ? () => new Promise((resolve) => setTimeout(resolve, sleepMs))
            : async () => {};
    const worker = new Worker(spec.queueName, processor, {
      connection,
      prefix: spec.prefix,
      concurrency: spec.concurrency,
    });
    worker.on('completed', onCompleted);
    worker.on('failed', () => {
      failed += 1;
    });
    worker.on('error', (error) => send({ type: 'error', message: error.message }));
    await worker.waitUntilReady();
    close = async () => {
      await worker.close();
      await connection.quit();
    };
  } else {
    const config = loadWorkerConfig({
      REDIS_URL: spec.redisUrl,
      ANTHROPIC_API_KEY: 'bench',
      QUARRY_PREFIX: spec.prefix,
      QUARRY_QUEUE: spec.queueName,
      WORKER_CONCURRENCY: String(spec.concurrency),
      LOG_LEVEL: 'silent',
      ...spec.env,
    });
    // The shipped workflows and those of `QUARRY_WORKFLOWS`, as the worker's own main loads them.
    const { registry } = await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: process.cwd() });
    // Tracing as the worker's main starts it: the SDK reads the `OTEL_*` variables of the process.
    for (const [name, value] of Object.entries(spec.env)) {
      if (name.startsWith('OTEL_')) process.env[name] = value;
    }
    const tracing = await startTracing({ serviceName: 'quarry-bench-worker' });
    const quarry = createWorker({
      config,
      registry,
      tracing,
      logger: pino({ level: config.logLevel }, pino.destination(2)),
      ...(spec.model === 'instant' ? { model: createInstantModel(loadBenchCorpus()) } : {}),
      ...(spec.tenantClockMs === undefined ? {} : { tenantClock: () => tenantNowMs ?? Date.now() }),
    });
    quarry.worker.on('completed', onCompleted);
    quarry.worker.on('failed', () => {
      failed += 1;
    });
    await quarry.waitUntilReady();
    close = async () => {
      await quarry.close({ graceMs: 1000 });
      await tracing.shutdown();
    };
  }

  const timer = setInterval(() => {
    if (completed + failed === reported) return;
    reported = completed + failed;
    send({ type: 'progress', completed, failed, lastCompletedAt });
  }, 100);
  process.on('message', (command: BenchWorkerCommand) => {
    switch (command.type) {
      case 'clock':
        tenantNowMs = command.nowMs;
        send({ type: 'clock', nowMs: command.nowMs });
        return;
      case 'close':
        clearInterval(timer);
        close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
        return;
      default: {
        const unknown: never = command;
        send({ type: 'error', message: `unknown command ${JSON.stringify(unknown)}` });
      }
    }
  });
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.stderr.write(`bench worker: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
