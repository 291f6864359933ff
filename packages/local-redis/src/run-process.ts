import { ProcessError } from './process-error';
import { type ProcessResult, type SpawnProcessOptions, spawnProcess } from './spawn-process';

/** Options of {@link runProcess}. */
export interface RunProcessOptions extends SpawnProcessOptions {
  /** How long it may run; it is killed after. Default 30 s. */
  readonly timeoutMs?: number;
}

/**
 * Runs `command` to its end and returns its exit and output (a non-zero exit is a result, not an error).
 * @throws ProcessError when it cannot start, or when it runs past `timeoutMs` (it is killed first).
 */
export async function runProcess(options: RunProcessOptions): Promise<ProcessResult> {
  const running = spawnProcess(options);
  try {
    return await running.waitForExit(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  } catch (error) {
    if (error instanceof ProcessError && error.reason === 'timeout') await running.kill();
    throw error;
  }
}
