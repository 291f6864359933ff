import { fileURLToPath } from 'node:url';
import { runProcess } from '@quarry/testing';

const scripts = fileURLToPath(new URL('../../../../scripts/cluster/', import.meta.url));

/** Runs scripts/cluster/`name` with `base`; its standard output, or an error with its output. */
async function run(name: string, base: number): Promise<string> {
  const result = await runProcess({
    command: 'bash',
    args: [`${scripts}${name}`, String(base)],
    group: true,
  });
  if (result.code !== 0)
    throw new Error(`${name} ${base} failed (${result.signal ?? `code ${result.code}`}): ${result.stderr}`);
  return result.stdout;
}

/** A Redis Cluster for tests and how to let it go. */
export interface TestCluster {
  /** `redis+cluster://127.0.0.1:PORT`. */
  readonly url: string;
  /** Stops the cluster if it was started here; a no-op for QUARRY_CLUSTER_URL. */
  stop(): Promise<void>;
}

/**
 * The cluster named by QUARRY_CLUSTER_URL (as `pnpm test:cluster` sets it), else a 3-master cluster
 * started with scripts/cluster/start-cluster.sh on random loopback ports (a few tries if taken).
 */
export async function startTestCluster(): Promise<TestCluster> {
  const given = process.env.QUARRY_CLUSTER_URL;
  if (given) return { url: given, stop: async () => {} };
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // Below the usual ephemeral range (32768+), for the ports and their cluster bus ports (+10000) alike.
    const base = 10_000 + Math.floor(Math.random() * 1000) * 3;
    try {
      const stdout = await run('start-cluster.sh', base);
      const url = stdout.trim().split('\n').at(-1) ?? '';
      return {
        url,
        stop: async () => {
          await run('stop-cluster.sh', base);
        },
      };
    } catch (error) {
      lastError = error;
      await run('stop-cluster.sh', base).catch(() => undefined);
    }
  }
  throw new Error('Could not start a Redis Cluster with scripts/cluster/start-cluster.sh', {
    cause: lastError,
  });
}
