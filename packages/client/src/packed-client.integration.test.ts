import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runProcess } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it, jobResult, startTestWorker } from './test-fixtures/client-test-kit';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const root = join(packageDir, '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const versionIn = (dir: string): string =>
  (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
const versionOf = (name: string) => versionIn(join(packageDir, 'node_modules', name));

/** A producer outside the repository: its own workflow, enqueue, and `data` typed by that workflow. */
const producer = `import { createQuarryClient, defineWorkflow } from '@quarry/client';
import { z } from 'zod';

const receipt = defineWorkflow({
  name: 'receipt',
  version: 1,
  description: 'Merchant and total of a receipt',
  input: z.object({ text: z.string().min(1) }),
  output: z.object({ merchant: z.string(), total: z.number() }),
  instructions: 'Extract the merchant and the total.',
  rules: [],
});
const client = createQuarryClient({
  redisUrl: process.env.REDIS_URL ?? '',
  registry: [receipt],
  config: { prefix: process.env.QUARRY_PREFIX ?? '' },
});
const job = await client.enqueue(receipt, { text: 'Corner Café, total 4.20' });
const { data } = await client.waitForResult(job.jobId, { workflow: receipt, timeoutMs: 20_000 });
const total: number = data.total;
process.stdout.write(JSON.stringify({ merchant: data.merchant.toUpperCase(), total }));
await client.close();
`;

async function run(command: string, args: readonly string[], cwd: string, timeoutMs = 120_000) {
  const result = await runProcess({ command, args, cwd, timeoutMs });
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${result.code}: ${result.stderr}${result.stdout}`);
  return result;
}

describe('@quarry/client outside the repository', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-producer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    // The published build (turbo skips it when dist matches the sources), packed as npm would publish it.
    await run(
      bin('turbo'),
      ['run', 'build', '--filter=@quarry/client', '--output-logs=errors-only'],
      root,
      240_000,
    );
    await run('pnpm', ['pack', '--pack-destination', dir], packageDir);
    const manifest = {
      name: 'producer',
      private: true,
      type: 'module',
      dependencies: {
        '@quarry/client': `file:./quarry-client-${versionIn(packageDir)}.tgz`,
        zod: versionOf('zod'),
      },
      devDependencies: { '@types/node': versionOf('@types/node') },
    };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          target: 'es2023',
          types: ['node'],
          outDir: 'out',
        },
      }),
    );
    writeFileSync(join(dir, 'producer.ts'), producer);
    // From the local store only; a store that never resolved these packages needs the registry once.
    const offline = await runProcess({
      command: 'pnpm',
      args: ['install', '--offline'],
      cwd: dir,
      timeoutMs: 120_000,
    });
    if (offline.code !== 0) await run('pnpm', ['install', '--prefer-offline'], dir);
  }, 360_000);

  it('packs without workspace packages, type-checks a producer against its declarations and runs it', async ({
    kit: k,
  }) => {
    const packed = JSON.parse(
      readFileSync(join(dir, 'node_modules', '@quarry', 'client', 'package.json'), 'utf8'),
    );
    expect(Object.keys(packed.dependencies).filter((name) => name.startsWith('@quarry/'))).toEqual([]);
    expect(packed.exports['.']).toEqual({ types: './dist/index.d.ts', import: './dist/index.js' });
    const types = readFileSync(join(dir, 'node_modules', '@quarry', 'client', 'dist', 'index.d.ts'), 'utf8');
    expect(types).not.toMatch(/from ['"]@quarry\//);

    await run(bin('tsc'), ['-p', '.'], dir);
    k.track(
      startTestWorker({
        url: k.url,
        queues: k.queues,
        outcome: () => ({
          complete: jobResult({ workflow: 'receipt', data: { merchant: 'Corner Café', total: 4.2 } }),
        }),
      }),
    );
    const produced = await runProcess({
      command: process.execPath,
      args: ['out/producer.js'],
      cwd: dir,
      env: { ...process.env, REDIS_URL: k.url, QUARRY_PREFIX: k.prefix },
      timeoutMs: 30_000,
    });
    expect(produced.stderr).toBe('');
    expect(JSON.parse(produced.stdout)).toEqual({ merchant: 'CORNER CAFÉ', total: 4.2 });
  }, 120_000);

  it('a producer that misuses the typed result does not type-check', async () => {
    writeFileSync(join(dir, 'wrong.ts'), `${producer}\nconst wrong: string = data.total;\n`);
    const checked = await runProcess({
      command: bin('tsc'),
      args: ['-p', '.', '--noEmit'],
      cwd: dir,
      timeoutMs: 120_000,
    });
    rmSync(join(dir, 'wrong.ts'));
    expect(checked.code).toBe(2);
    expect(checked.stdout).toMatch(/wrong\.ts.*TS2322: Type 'number' is not assignable to type 'string'/);
  }, 120_000);
});
