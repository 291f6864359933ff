import { fileURLToPath } from 'node:url';
import type { RedisClient } from '@quarry/queue';
import { it } from '@quarry/testing';
import { describe, expect, vi } from 'vitest';
import type { DemoSummary } from './demo-summary';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** The BullMQ job ids under `prefix` (job hashes carry `data` and `opts`). */
async function jobIds(redis: RedisClient, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (const key of await redis.keys(`${prefix}*`)) {
    if ((await redis.type(key)) === 'hash' && (await redis.hexists(key, 'opts')) === 1) {
      ids.push(key.slice(key.lastIndexOf(':') + 1));
    }
  }
  return ids;
}

/** The demo's `--json` summary once stdout holds all of it, else undefined. */
function parsedSummary(stdout: string): DemoSummary | undefined {
  try {
    return JSON.parse(stdout.trim()) as DemoSummary;
  } catch {
    return undefined;
  }
}

describe('pnpm demo --documents pdf --keep-running (child process group, real Redis, simulated model)', () => {
  it('prints a paste-able block, serves the PDFs in the document view, and exits 0 on Ctrl-C', async ({
    redisUrl,
    redis,
    processes,
  }) => {
    const demo = processes.start({
      // As `pnpm demo` runs it: one node process with tsx's loader (no tsx wrapper relaying signals).
      command: process.execPath,
      args: ['--import', 'tsx', main, '--documents', 'pdf', '--limit', '2', '--keep-running', '--json'],
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        REDIS_URL: redisUrl,
        DEMO_DASHBOARD_PORT: '0',
        DEMO_TIMEOUT_SECONDS: '60',
      },
      // Ctrl-C reaches the whole foreground group.
      group: true,
    });
    const exported = await demo.waitForLine(/^ {2}export REDIS_URL=/, {
      stream: 'stderr',
      timeoutMs: 90_000,
    });
    await demo.waitForLine(/pnpm quarry enqueue --workflow invoice --file examples\/invoice\.pdf --wait/, {
      stream: 'stderr',
    });
    // stdout and stderr are separate pipes: the summary may arrive after the lines above.
    const summary = await vi.waitUntil(() => parsedSummary(demo.stdout), { timeout: 30_000, interval: 20 });
    const blobDir = /QUARRY_BLOB_DIR='([^']+)'/.exec(exported)?.[1];
    expect(exported).toBe(
      `  export REDIS_URL='${redisUrl}' QUARRY_PREFIX='${summary.prefix}' QUARRY_BLOB_DIR='${blobDir}'`,
    );
    expect(demo.stderr).toContain('  pnpm quarry dlq list\n');
    expect(summary.keepsRunning).toBe(true);

    // The dashboard reads the PDFs from the worker's blob store.
    const access = summary.dashboard;
    if (!access) throw new Error(`no dashboard: ${summary.dashboardProblem}`);
    const ids = await jobIds(redis, summary.prefix);
    expect(ids.length).toBe(2);
    const authorization = `Basic ${Buffer.from(`${access.user}:${access.password}`).toString('base64')}`;
    const download = await fetch(`${access.url}/jobs/${ids[0]}/document`, { headers: { authorization } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');

    const ended = await demo.stop({ signal: 'SIGINT', graceMs: 20_000 });
    expect(ended.code, ended.stderr).toBe(0);
    expect(ended.stderr).toContain(
      `delete them with: redis-cli -u '${redisUrl}' --scan --pattern '${summary.prefix}*'`,
    );
    await expect(fetch(access.url)).rejects.toThrow();
    const left = await redis.keys(`${summary.prefix}*`);
    if (left.length > 0) await redis.unlink(...left);
  });
});
