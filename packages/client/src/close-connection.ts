import type { RedisClient } from '@quarry/queue';

/** Longest wait for a handshake in progress before disconnecting anyway. */
const HANDSHAKE_WAIT_MS = 1000;

/**
 * Disconnects at once, except that a connection in the middle of its handshake (status `connect`) is
 * let finish first: cutting it there makes ioredis reject its ready check with nobody listening.
 */
export async function closeConnection(redis: RedisClient): Promise<void> {
  if (redis.status === 'connect') {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        redis.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, HANDSHAKE_WAIT_MS);
      redis.once('ready', done);
      redis.once('close', done);
    });
  }
  redis.disconnect();
}
