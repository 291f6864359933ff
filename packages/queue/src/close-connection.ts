import type { RedisClient } from './redis-connection';

/** Longest wait for a disconnected connection to report its end. */
const END_WAIT_MS = 1000;

/** Statuses in which a connection has a socket: disconnecting it ends with an `end` event. */
const WITH_SOCKET: ReadonlySet<string> = new Set(['connecting', 'connect', 'ready']);

/**
 * Disconnects at once and resolves once the connection has ended (at most 1 s), so that everything
 * waiting on it (a BullMQ queue's initialization, a ready check) has settled, while its listeners are
 * still there. A connection waiting to reconnect has no socket: it stops at once and emits nothing more.
 */
export async function closeConnection(redis: RedisClient): Promise<void> {
  if (!WITH_SOCKET.has(redis.status)) {
    redis.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, END_WAIT_MS);
    redis.once('end', resolve);
  });
  redis.disconnect();
  await ended;
  clearTimeout(timer);
}
