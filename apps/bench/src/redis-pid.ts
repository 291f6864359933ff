import { Redis } from 'ioredis';

/** The process id a Redis server reports (INFO server), or undefined. */
export async function redisPid(url: string): Promise<number | undefined> {
  const redis = new Redis(url);
  try {
    const pid = /process_id:(\d+)/.exec(await redis.info('server'))?.[1];
    return pid === undefined ? undefined : Number(pid);
  } finally {
    redis.disconnect();
  }
}
