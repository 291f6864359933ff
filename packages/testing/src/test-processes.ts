import {
  type ProcessResult,
  type RunningProcess,
  type RunProcessOptions,
  type SpawnProcessOptions,
  spawnProcess,
} from '@quarry/local-redis';

/** The processes one test starts, all killed (and waited for) when it ends: the `processes` fixture. */
export class TestProcesses {
  readonly #started: RunningProcess[] = [];

  /** Starts a process ({@link spawnProcess}); it is killed after the test if still running. */
  start(options: SpawnProcessOptions): RunningProcess {
    const running = spawnProcess(options);
    this.#started.push(running);
    return running;
  }

  /**
   * Runs a process to its end (`timeoutMs`, default 30 s) and returns its exit and output.
   * @throws ProcessError when it cannot start or runs past `timeoutMs` (killed with the others).
   */
  run(options: RunProcessOptions): Promise<ProcessResult> {
    const { timeoutMs } = options;
    return this.start(options).waitForExit(timeoutMs === undefined ? {} : { timeoutMs });
  }

  /** SIGKILLs every process still running and waits until each is gone. */
  async killAll(): Promise<void> {
    await Promise.all(this.#started.splice(0).map((running) => running.kill()));
  }
}
