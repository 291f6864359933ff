import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultModelTable } from '@quarry/core';
import { ConfigError, readModelsFile } from '@quarry/env';
import { benchUsage, parseBenchArguments } from './bench-arguments';
import { loadBenchCorpus } from './bench-corpus';
import type { LineResult } from './bench-line';
import { benchLines } from './bench-lines';
import { fullSizes, quickSizes } from './bench-sizes';
import { redisServerVersion } from './redis-server-version';
import { renderTable } from './render-table';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** `pnpm bench`: runs every line, prints the table, writes the results JSON. */
async function main(): Promise<number> {
  let args: ReturnType<typeof parseBenchArguments>;
  try {
    args = parseBenchArguments(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n\n${benchUsage}\n`);
    return 1;
  }
  if (args.help) {
    process.stdout.write(`${benchUsage}\n`);
    return 0;
  }
  const sizes = args.quick ? quickSizes : fullSizes;
  const log = (message: string) =>
    process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
  let models = defaultModelTable;
  const modelsFile = process.env.QUARRY_MODELS_FILE?.trim();
  if (modelsFile) {
    const read = readModelsFile({ path: modelsFile, base: defaultModelTable });
    if (!read.ok) {
      process.stderr.write(`${new ConfigError({ program: 'bench', problems: read.problems }).message}\n`);
      return 1;
    }
    models = read.value;
  }
  const context = { sizes, corpus: loadBenchCorpus(), log, models, processes: args.processes };
  const startedAt = new Date();
  const loadAtStart = loadavg();
  const results: LineResult[] = [];
  for (const line of benchLines) {
    if (args.only.length > 0 && !args.only.includes(line.id)) continue;
    log(`line ${line.id}: ${line.title}`);
    const started = Date.now();
    results.push(await line.run(context));
    log(`line ${line.id} done in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  const table = renderTable(results);
  process.stdout.write(`\n${table}\n`);
  const machine = {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    redis: await redisServerVersion(),
    /** 1, 5 and 15 minute load averages: other work on the machine skews the figures. */
    loadAverageAtStart: loadAtStart.map((load) => Math.round(load * 100) / 100),
    loadAverageAtEnd: loadavg().map((load) => Math.round(load * 100) / 100),
  };
  const out =
    args.out ??
    join(repositoryRoot, 'bench-results', `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  await mkdir(dirname(resolve(out)), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify(
      {
        command: `pnpm bench${args.quick ? ' --quick' : ''}${args.only.length ? ` --only ${args.only.join(',')}` : ''}${args.processes ? ` --processes ${args.processes.join(',')}` : ''}`,
        quick: args.quick,
        startedAt: startedAt.toISOString(),
        durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
        machine,
        sizes,
        lines: results,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`\nResults: ${resolve(out)}\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
