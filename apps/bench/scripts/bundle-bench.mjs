#!/usr/bin/env node
/**
 * `pnpm --filter @quarry/app-bench bundle`: the bench as plain JavaScript in `apps/bench/dist/`, for a
 * machine that has Node and `redis-server` but no `node_modules` (docs/benchmarks.md, line 22):
 * `bundle/main.js` (`pnpm bench`), `bundle/bench-worker-main.js` and `bundle/standin-main.js` (the
 * processes it starts), everything inlined, and the shipped samples in `dist/data/` (read next to the
 * code, as from the samples package). Run with `node apps/bench/dist/bundle/main.js --only 22`.
 */
import { cpSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const bench = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(bench, 'dist');
rmSync(dist, { recursive: true, force: true });
await build({
  input: {
    main: resolve(bench, 'src/main.ts'),
    'bench-worker-main': resolve(bench, 'src/processes/bench-worker-main.ts'),
    'standin-main': fileURLToPath(import.meta.resolve('@quarry/standin/main')),
  },
  platform: 'node',
  logLevel: 'warn',
  output: { dir: resolve(dist, 'bundle'), format: 'esm' },
});
// The samples package reads `../data/` next to its module: `dist/data/` next to `dist/bundle/`.
const samples = fileURLToPath(import.meta.resolve('@quarry/samples'));
cpSync(resolve(dirname(samples), '../data'), resolve(dist, 'data'), { recursive: true });
