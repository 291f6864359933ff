import { Redis, type RedisOptions } from 'ioredis';

/** An ioredis client for `url`; remember to `quit()` it. */
export function connect(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, options);
}
