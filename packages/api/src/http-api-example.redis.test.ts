import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from '@quarry/testing';
import { afterEach, describe, expect } from 'vitest';
import { type ApiStack, startApiStack } from './test-fixtures/api-stack';

const page = fileURLToPath(new URL('../../../docs/http-api.md', import.meta.url));
const samplePdf = fileURLToPath(new URL('../../../examples/invoice.pdf', import.meta.url));
const MARKER = '<!-- http-api-example';
const DEADLINE_MS = 45_000;

/** The fenced ```sh block right after the example's marker in docs/http-api.md. */
function exampleScript(): string {
  const text = readFileSync(page, 'utf8');
  const at = text.indexOf(MARKER);
  if (at < 0) throw new Error(`docs/http-api.md has no ${MARKER} marker before its worked example`);
  const block = /```sh\n([\s\S]*?)\n```/.exec(text.slice(at));
  if (!block?.[1]) throw new Error('docs/http-api.md has no ```sh block after the example marker');
  return block[1];
}

/** Replaces `pattern` in `script`, which must match exactly once (so the page cannot drift from the test). */
function substitute(script: string, pattern: RegExp, replacement: string): string {
  const count = script.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (count !== 1) throw new Error(`the worked example should hold ${pattern} once, not ${count} times`);
  return script.replace(pattern, () => replacement);
}

function requireCurl(): void {
  const found = (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, 'curl'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) {
    throw new Error('curl is not on PATH: install curl to run the worked example of docs/http-api.md');
  }
}

/** Runs `script` with `sh` in `cwd`; rejects when it outlives the deadline. */
function runSh(
  script: string,
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the worked example ran past ${DEADLINE_MS} ms; stderr: ${stderr}`));
    }, DEADLINE_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let stack: ApiStack | null = null;
let workDir: string | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = null;
});

describe('the worked example of docs/http-api.md', () => {
  it('uploads a PDF with curl and long-polls its result against a running API and worker', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    requireCurl();
    stack = await startApiStack({ redisUrl, redis, prefix });
    let script = exampleScript();
    script = substitute(script, /^QUARRY_URL=.*$/m, `QUARRY_URL='${stack.url}'`);
    script = substitute(script, /^QUARRY_API_KEY=.*$/m, `QUARRY_API_KEY='${stack.key}'`);
    // The stack's worker runs the test workflow doc-note, not the shipped invoice workflow.
    script = substitute(script, /"workflow":"invoice"/, '"workflow":"doc-note"');
    script = substitute(script, /@invoice\.pdf/, `@${samplePdf}`);
    workDir = mkdtempSync(join(tmpdir(), 'quarry-http-example-'));

    const run = await runSh(script, workDir);
    expect(run.code, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(printed).toMatchObject({
      id: expect.any(String),
      state: 'completed',
      result: { workflow: 'doc-note', data: { title: 'groceries', count: 3 } },
    });
  });
});
