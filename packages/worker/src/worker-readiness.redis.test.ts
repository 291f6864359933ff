import { it } from '@quarry/testing';
import { afterEach, describe, expect } from 'vitest';
import { createHarness, type WorkerHarness, waitFor } from './worker-test-harness';

let harness: WorkerHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function readyz(url: string): Promise<{ status: number; reasons: string[] }> {
  const response = await fetch(`${url}/readyz`);
  const body = (await response.json()) as { reasons: string[] };
  return { status: response.status, reasons: body.reasons };
}

describe('readiness (own redis-server)', () => {
  it('turns false when Redis goes away and true again once it is back; /healthz stays alive', async ({
    ownRedis,
  }) => {
    const server = await ownRedis({ appendOnly: true });
    harness = await createHarness({ redisUrl: server.url });
    const quarry = await harness.startWorker({ METRICS_PORT: '0' });
    const url = (await quarry.http)?.url as string;
    expect(await readyz(url)).toEqual({ status: 200, reasons: [] });

    await server.kill('SIGKILL');
    await waitFor(async () => (await readyz(url)).status === 503, 10_000, '/readyz to turn 503');
    expect((await readyz(url)).reasons[0]).toMatch(/^redis /);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    await server.restart();
    await waitFor(async () => (await readyz(url)).status === 200, 15_000, '/readyz to turn 200 again');
  });

  it('is not ready while draining', async ({ ownRedis }) => {
    const server = await ownRedis();
    harness = await createHarness({ redisUrl: server.url });
    const quarry = await harness.startWorker({ METRICS_PORT: '0' });
    expect(await quarry.readiness()).toEqual([]);
    const closing = quarry.close({ graceMs: 0 });
    expect(await quarry.readiness()).toEqual(['draining']);
    await closing;
  });
});
