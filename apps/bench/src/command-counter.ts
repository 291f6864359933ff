import type { Redis } from 'ioredis';

/** Client commands and what Redis itself counted, over one measured window. */
export interface CommandCounts {
  /** Commands sent by clients, a MULTI … EXEC block counting once: the round trips. */
  readonly roundTrips: number;
  /** Round trips by command name (`exec` for a transaction). */
  readonly roundTripsByCommand: Readonly<Record<string, number>>;
  /** INFO commandstats calls: every command executed, those run inside scripts and transactions included. */
  readonly commandCalls: number;
  readonly commandCallsByCommand: Readonly<Record<string, number>>;
}

/** Counts the commands one Redis receives between `start()` and `stop()`. */
export interface CommandCounter {
  start(): Promise<void>;
  stop(): Promise<CommandCounts>;
}

/** Commands the counter itself issues, left out of the counts. */
const OWN = new Set(['info', 'config', 'monitor']);

/**
 * Counts with Redis's own instrumentation: MONITOR (which tells a client's commands from those a
 * script runs) for round trips, and INFO commandstats (reset at start) for every executed command.
 * `roundTrips: false` leaves MONITOR off (it slows a busy Redis down): round trips then read 0.
 */
export function commandCounter(
  redis: Redis,
  options: { readonly roundTrips?: boolean } = {},
): CommandCounter {
  const watch = options.roundTrips ?? true;
  const byCommand = new Map<string, number>();
  const inTransaction = new Set<string>();
  let monitor: Redis | null = null;
  return {
    async start() {
      if (!watch) {
        await redis.config('RESETSTAT');
        return;
      }
      monitor = await redis.monitor();
      monitor.on('monitor', (_time: string, args: string[], source: string) => {
        if (source === 'lua') return;
        const name = (args[0] ?? '').toLowerCase();
        if (OWN.has(name)) return;
        if (name === 'multi') {
          inTransaction.add(source);
          return;
        }
        if (inTransaction.has(source) && name !== 'exec' && name !== 'discard') return;
        inTransaction.delete(source);
        byCommand.set(name, (byCommand.get(name) ?? 0) + 1);
      });
      await redis.config('RESETSTAT');
    },
    async stop() {
      const info = await redis.info('commandstats');
      // Let MONITOR deliver what it has already seen.
      if (monitor) await new Promise((resolve) => setTimeout(resolve, 200));
      monitor?.disconnect();
      const calls: Record<string, number> = {};
      for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
        const name = (match[1] ?? '').toLowerCase();
        if (OWN.has(name.split('|')[0] ?? name)) continue;
        calls[name] = Number(match[2]);
      }
      const roundTripsByCommand = Object.fromEntries([...byCommand].sort((a, b) => b[1] - a[1]));
      return {
        roundTrips: [...byCommand.values()].reduce((sum, n) => sum + n, 0),
        roundTripsByCommand,
        commandCalls: Object.values(calls).reduce((sum, n) => sum + n, 0),
        commandCallsByCommand: calls,
      };
    },
  };
}
