import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** `redis-server --version`'s version number, or `unknown`. */
export async function redisServerVersion(): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)('redis-server', ['--version']);
    return /v=(\S+)/.exec(stdout)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
