import { Job, type JobsOptions, type Queue } from 'bullmq';
import type { ChainableCommander } from 'ioredis';
import type { RedisClient } from './redis-connection';
import type { QuarryScript } from './scripts/quarry-script';
import { withQuarryScripts } from './scripts/quarry-scripts';

/** Queues Quarry's own commands in the transaction (BullMQ's transaction wrapper changes some command signatures). */
export interface TransactionCommands {
  /** One Redis command. */
  call(command: string, ...args: (string | number)[]): void;
  /** One of Quarry's scripts, as the command `withQuarryScripts` registered: its keys, then its ARGV. */
  script(script: QuarryScript, ...keysAndArgs: (string | number)[]): void;
}

/** A job to add inside a transaction; its id is always chosen by the caller. */
export interface TransactionalJob {
  readonly name: string;
  readonly data: unknown;
  readonly opts: JobsOptions & { readonly jobId: string };
}

/** Options of {@link execWithJobs}. */
export interface ExecWithJobsOptions {
  /** The queue to add to; the transaction runs on its connection (where a caller's WATCH applies). */
  readonly queue: Queue;
  readonly jobs: readonly TransactionalJob[];
  /** Quarry's own commands, queued before the jobs in the same MULTI. */
  readonly commands?: (tx: TransactionCommands) => void;
}

/** Replies of the commands queued by `commands`, in order, and the ids of the added jobs. */
export interface ExecWithJobsResult {
  readonly commandReplies: readonly unknown[];
  readonly jobIds: readonly string[];
}

/**
 * Runs Quarry's commands and BullMQ's job adds in one MULTI/EXEC, so both happen or neither does.
 * The queue's default job options apply as with `queue.add`. Resolves to null when EXEC was aborted
 * because a key the caller WATCHed on the queue's connection changed (then nothing happened).
 */
export async function execWithJobs(options: ExecWithJobsOptions): Promise<ExecWithJobsResult | null> {
  const client = await options.queue.client;
  withQuarryScripts(client as unknown as RedisClient);
  const tx = client.multi();
  const commander = tx as unknown as ChainableCommander;
  const before = commander.length;
  options.commands?.({
    call: (command, ...args) => {
      commander.call(command, ...args);
    },
    script: (script, ...keysAndArgs) => {
      const command = (commander as unknown as Record<string, (...args: (string | number)[]) => unknown>)[
        script.name
      ];
      if (typeof command !== 'function') throw new Error(`Script ${script.name} is not registered`);
      command.apply(commander, keysAndArgs);
    },
  });
  const commandCount = commander.length - before;
  for (const job of options.jobs) {
    const opts = { ...options.queue.defaultJobOptions, ...job.opts };
    await new Job(options.queue, job.name, job.data, opts, job.opts.jobId).addJob(tx);
  }
  const replies = await tx.exec();
  if (replies === null) return null;
  for (const [error] of replies) if (error) throw error;
  const values = replies.map(([, value]) => value);
  const jobIds = values.slice(commandCount).map((value) => {
    if (typeof value !== 'string') throw new Error(`Adding a job in a transaction replied ${String(value)}`);
    return value;
  });
  return { commandReplies: values.slice(0, commandCount), jobIds };
}
