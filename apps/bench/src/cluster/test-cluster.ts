import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const scripts = fileURLToPath(new URL('../../../../scripts/cluster/', import.meta.url));
const run = promisify(execFile);

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
      const { stdout } = await run('bash', [`${scripts}start-cluster.sh`, String(base)], { timeout: 30_000 });
      const url = stdout.trim().split('\n').at(-1) ?? '';
      return {
        url,
        stop: async () => {
          await run('bash', [`${scripts}stop-cluster.sh`, String(base)], { timeout: 30_000 });
        },
      };
    } catch (error) {
      lastError = error;
      await run('bash', [`${scripts}stop-cluster.sh`, String(base)]).catch(() => undefined);
    }
  }
  throw new Error('Could not start a Redis Cluster with scripts/cluster/start-cluster.sh', {
    cause: lastError,
  });
}
