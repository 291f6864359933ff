import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Places a container engine usually announces itself; without any, no runtime can be found. */
function runtimeHints(): boolean {
  if (process.env.DOCKER_HOST || process.env.TESTCONTAINERS_HOST_OVERRIDE) return true;
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  const candidates = [
    '/var/run/docker.sock',
    join(homedir(), '.docker', 'run', 'docker.sock'),
    join(homedir(), '.docker', 'desktop', 'docker.sock'),
    join(homedir(), '.testcontainers.properties'),
    ...(runtimeDir ? [join(runtimeDir, 'docker.sock'), join(runtimeDir, 'podman', 'podman.sock')] : []),
  ];
  return candidates.some((path) => existsSync(path));
}

/**
 * Whether a container engine answers, decided quickly: false at once when nothing hints at one,
 * otherwise testcontainers' own runtime detection, given at most `timeoutMs`.
 */
export async function dockerAvailable(options: { timeoutMs?: number } = {}): Promise<boolean> {
  if (!runtimeHints()) return false;
  const timeoutMs = options.timeoutMs ?? 3_000;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const probe = import('testcontainers')
    .then(({ getContainerRuntimeClient }) => getContainerRuntimeClient())
    .then(
      () => true,
      () => false,
    );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
