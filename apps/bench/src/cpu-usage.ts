import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, in seconds) a process has used so far, from /proc; null where there is
 * no /proc (not Linux) or the process is gone.
 */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are space-separated.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return Number.isFinite(user) && Number.isFinite(system) ? (user + system) / TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** CPU used by some processes between `start()` and `stop()`, in cores (CPU seconds per second). */
export interface CpuMeter {
  start(): void;
  /** Cores used by each named process over the window; null where unknown. */
  stop(): Record<string, number | null>;
}

export function cpuMeter(pids: Readonly<Record<string, number | undefined>>): CpuMeter {
  let started = 0;
  let before: Record<string, number | null> = {};
  return {
    start() {
      started = Date.now();
      before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, processCpuSeconds(pid)]));
    },
    stop() {
      const seconds = (Date.now() - started) / 1000;
      return Object.fromEntries(
        Object.entries(pids).map(([name, pid]) => {
          const from = before[name];
          const to = processCpuSeconds(pid);
          return [name, from == null || to == null ? null : Math.round(((to - from) / seconds) * 100) / 100];
        }),
      );
    },
  };
}
