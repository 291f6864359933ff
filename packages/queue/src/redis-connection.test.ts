import { describe, expect, it } from 'vitest';
import { redisConnection } from './redis-connection';
import { parseRedisUrl, redactRedisUrl } from './redis-url';

describe('redisConnection', () => {
  const optionsOf = (url: string, role: 'worker' | 'producer') => {
    const redis = redisConnection(url, { role });
    redis.disconnect();
    return redis.options;
  };

  it('lets worker commands wait across reconnects', () => {
    expect(optionsOf('redis://127.0.0.1:1', 'worker')).toMatchObject({
      maxRetriesPerRequest: null,
      enableOfflineQueue: true,
    });
  });

  it('makes producers fail fast: no offline buffering, no silent re-sending', () => {
    expect(optionsOf('redis://127.0.0.1:1', 'producer')).toMatchObject({
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
    });
  });

  it('fails a command without a reply after commandTimeoutMs when asked to, and waits by default', () => {
    const redis = redisConnection('redis://127.0.0.1:1', { role: 'producer', commandTimeoutMs: 1500 });
    redis.disconnect();
    expect(redis.options.commandTimeout).toBe(1500);
    expect(optionsOf('redis://127.0.0.1:1', 'worker').commandTimeout).toBeUndefined();
  });

  it('takes user, password and db from the URL and turns on TLS for rediss://', () => {
    const options = optionsOf('rediss://app:s%3Acret@127.0.0.1:1/3', 'producer');
    expect(options).toMatchObject({ username: 'app', password: 's:cret', db: 3, tls: {} });
    expect(optionsOf('redis://:pw@127.0.0.1:1', 'worker')).toMatchObject({ password: 'pw' });
    expect(optionsOf('redis://127.0.0.1:1', 'worker').tls).toBeUndefined();
  });

  it('rejects what is not a Redis URL, without echoing the password', () => {
    expect(() => redisConnection('http://u:secret@host', { role: 'producer' })).toThrow(
      'Redis URL "http://u:***@host/" must start with redis:// or rediss:// (TLS), got http://',
    );
    expect(() => parseRedisUrl('localhost')).toThrow(/is not a URL/);
    expect(redactRedisUrl('redis://:hunter2@h:6379/0')).toBe('redis://:***@h:6379/0');
  });
});
