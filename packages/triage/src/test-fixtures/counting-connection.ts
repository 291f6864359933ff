import { Redis } from 'ioredis';

/** Test fixture: a connection that counts the commands sent on it, by name. */
export function countingConnection(url: string) {
  const connection = new Redis(url);
  const counts = new Map<string, number>();
  const send = connection.sendCommand.bind(connection);
  connection.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    counts.set(command.name, (counts.get(command.name) ?? 0) + 1);
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof connection.sendCommand;
  const total = () => [...counts.values()].reduce((sum, n) => sum + n, 0);
  return { connection, counts, total, reset: () => counts.clear() };
}
